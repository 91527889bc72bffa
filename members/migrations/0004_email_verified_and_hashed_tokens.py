"""Emails: a verified flag and, among verified members, one member per address.
API tokens: DRF's plaintext keys become django-rest-knox digests.

Members who already share an address (case-insensitively) keep it and stay
unverified, so the constraint holds without touching anyone's data; everyone
else with an address counts as verified: the club mailed them before.
"""
from django.db import migrations, models
from django.db.models import Count
from django.db.models.functions import Lower
from django.utils import timezone


def verify_unshared_emails(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    shared = (Member.objects.exclude(email="").annotate(address=Lower("email")).values("address")
              .annotate(n=Count("id")).filter(n__gt=1).values_list("address", flat=True))
    Member.objects.exclude(email="").annotate(address=Lower("email")).exclude(
        address__in=list(shared)).update(email_verified=True)


def hash_drf_tokens(apps, schema_editor):
    """Clients keep their keys; only the digest is stored, with the usual lifetime from now."""
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS, knox_settings

    connection = schema_editor.connection
    if "authtoken_token" not in connection.introspection.table_names():
        return
    AuthToken = apps.get_model("knox", "AuthToken")
    expiry = timezone.now() + knox_settings.TOKEN_TTL
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, user_id FROM authtoken_token")
        rows = cursor.fetchall()
        AuthToken.objects.bulk_create([
            AuthToken(digest=hash_token(key), token_key=key[:CONSTANTS.TOKEN_KEY_LENGTH], user_id=user_id,
                      expiry=expiry)
            for key, user_id in rows
        ])
        cursor.execute("DELETE FROM authtoken_token")


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0003_roles"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="email_verified",
            field=models.BooleanField(default=False, verbose_name="email verified"),
        ),
        migrations.RunPython(verify_unshared_emails, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(
                Lower("email"), condition=models.Q(email_verified=True), name="member_verified_email_unique",
                violation_error_message="This email belongs to another member."),
        ),
        migrations.RunPython(hash_drf_tokens, migrations.RunPython.noop),
    ]
