from django.db import migrations
from django.utils import timezone


def seats_into_appointments(apps, schema_editor):
    """Every panel seat becomes a "panel" appointment; a member who is also an
    arbiter of the event keeps his arbiter's appointment (one office each)."""
    Seat = apps.get_model("arbiters", "ProtestPanelMember")
    Appointment = apps.get_model("championships", "Appointment")
    for seat in Seat.objects.order_by("pk"):
        Appointment.objects.get_or_create(
            championship_id=seat.championship_id,
            member_id=seat.member_id,
            defaults={"role": "panel", "appointed_by_id": seat.appointed_by_id, "appointed_at": seat.appointed_at},
        )


def appointments_into_seats(apps, schema_editor):
    Seat = apps.get_model("arbiters", "ProtestPanelMember")
    Appointment = apps.get_model("championships", "Appointment")
    for a in Appointment.objects.filter(role="panel").order_by("pk"):
        Seat.objects.create(
            championship_id=a.championship_id,
            member_id=a.member_id,
            appointed_by_id=a.appointed_by_id or a.member_id,
            appointed_at=a.appointed_at or timezone.now(),
        )
    Appointment.objects.filter(role="panel").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("arbiters", "0006_team_protests"),
        ("championships", "0007_panel_appointments"),
    ]

    operations = [
        migrations.RunPython(seats_into_appointments, appointments_into_seats),
        migrations.DeleteModel(name="ProtestPanelMember"),
    ]
