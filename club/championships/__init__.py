"""Championships: entries, rounds, pairings, results and published standings (003 §1)."""
