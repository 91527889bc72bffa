"""Calling the API as a member in the championship tests."""


def ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()
