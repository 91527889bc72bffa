"""The club's date formats, one set per language (``FORMAT_MODULE_PATH``): every page writes
a day and a time of day one way in a language, whichever filter prints it (``|day``,
``|when``, or Django's ``|date`` with a named format)."""
