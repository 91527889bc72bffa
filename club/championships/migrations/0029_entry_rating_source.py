"""Each entry records which rating it was seeded by, the club's or the federation's (the entries drawn
before stay blank: which one they took was not kept)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('championships', '0028_relay_feeds'),
    ]

    operations = [
        migrations.AddField(
            model_name='entry',
            name='rating_source',
            field=models.CharField(blank=True, choices=[('club', 'club rating'), ('federation', 'federation rating')], max_length=10),
        ),
    ]
