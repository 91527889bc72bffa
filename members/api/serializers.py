from rest_framework import serializers

from members.models import Member
from members.roles import Role, roles_of


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`; shown once.")
    expiry = serializers.DateTimeField(allow_null=True)


class MemberSerializer(serializers.ModelSerializer):
    roles = serializers.SerializerMethodField()

    class Meta:
        model = Member
        fields = (
            "id",
            "username",
            "name",
            "display_name",
            "city",
            "federation_title",
            "federation_rating",
            "roles",
            "date_joined",
        )
        read_only_fields = fields

    def get_roles(self, member) -> list[str]:
        held = roles_of(member)
        return [role.value for role in Role if role in held]


class OwnProfileSerializer(MemberSerializer):
    """What a member sees and may PATCH about themselves: the profile plus their email."""

    class Meta(MemberSerializer.Meta):
        fields = MemberSerializer.Meta.fields + ("email", "birth_year")
        read_only_fields = ("id", "username", "name", "roles", "date_joined")


class RolesSerializer(serializers.Serializer):
    roles = serializers.ListField(child=serializers.ChoiceField(choices=Role.choices), allow_empty=True)


class TokensRevokeSerializer(serializers.Serializer):
    token_key = serializers.CharField(max_length=32, required=False, allow_blank=True)


class TokensRevokedSerializer(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many tokens were revoked.")
