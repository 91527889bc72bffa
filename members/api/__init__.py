"""The club's REST API: members, roles, sanctions, and the error format every app shares."""
