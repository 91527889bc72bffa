"""Django's makemessages, which also gathers the templates the pure cores mark with ``N_``
(``games.rules.words``): they cannot call gettext, and their refusals are translated where shown."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
