"""The Berger tables of a round robin ("таблицы очерёдности игр", 003 1.6.2)."""


def round_robin(n: int, cycles: int = 1) -> list[list[tuple[int, int]]]:
    """Rounds of boards ``(white, black)`` by start number 1..n, as in the Berger tables.

    For odd ``n`` the table of ``n + 1`` is used and ``n + 1`` is the dummy: its partner
    rests that round. Every even cycle repeats the first with colours reversed (1.2).

    The table's rule: with ``size`` players (even) and ``m = size - 1``, round ``r``
    pairs ``size`` with ``k = (r - 1) * size / 2 mod m + 1`` (``k`` white in odd rounds,
    black in even ones), and board ``b`` pairs ``k + b`` (white) with ``k - b`` (black),
    numbers taken cyclically in 1..m.
    """
    if n < 2 or cycles < 1:
        raise ValueError("a round robin needs at least two players and one cycle")
    size = n + n % 2
    m = size - 1
    cycle = []
    for r in range(1, m + 1):
        k = (r - 1) * (size // 2) % m + 1
        boards = [(k, size) if r % 2 else (size, k)]
        boards += [((k + b - 1) % m + 1, (k - b - 1) % m + 1) for b in range(1, size // 2)]
        cycle.append(boards)
    reversed_cycle = [[(black, white) for white, black in boards] for boards in cycle]
    return [boards for c in range(cycles) for boards in (cycle if c % 2 == 0 else reversed_cycle)]
