"""The competition engine's pages: ``events`` (championships), ``results`` (published results), ``teams``."""
