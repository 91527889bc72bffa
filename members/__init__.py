"""The club's members: accounts, roles, email verification, API tokens."""
