"""API views: parse, check the role, call a service or selector, serialize."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from knox.models import AuthToken
from rest_framework import exceptions, generics, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api.errors import ApiError
from foundation.api.throttling import ClientScopedRateThrottle
from members import selectors, services, tokens
from members.api.permissions import role_permission
from members.api.serializers import (
    MemberSerializer,
    OwnProfileSerializer,
    RolesSerializer,
    TokenSerializer,
    TokensRevokedSerializer,
    TokensRevokeSerializer,
)
from members.models import Member
from members.roles import Role, roles_of


class TokenObtainView(APIView):
    """POST: trade a username and password for a new API token (send it as
    ``Authorization: Token <key>``); it expires (``expiry``) and a password
    change revokes it. DELETE: revoke the token the request is made with."""

    throttle_classes = [ClientScopedRateThrottle]
    throttle_scope = "auth"  # slows down password guessing; the login lockout stops it

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else [AllowAny()]

    @extend_schema(request=AuthTokenSerializer, responses={200: TokenSerializer})
    def post(self, request):
        serializer = AuthTokenSerializer(data=request.data, context={"request": request})
        valid = serializer.is_valid()
        if getattr(request, "axes_locked_out", False):  # set by django-axes' backend during authenticate()
            raise exceptions.Throttled(detail=_("Too many failed logins: try again later."))
        if not valid:
            raise exceptions.ValidationError(serializer.errors)
        token, key = tokens.api_token_issue(member=serializer.validated_data["user"])
        return Response(TokenSerializer({"token": key, "expiry": token.expiry}).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        if not isinstance(request.auth, AuthToken):  # logged in by a session cookie, not a token
            raise ApiError("no-token", _("This request carries no API token to revoke."))
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(parameters=[OpenApiParameter("q", str, description="Part of a name, username or city.")])
class MemberListView(generics.ListAPIView):
    serializer_class = MemberSerializer

    def get_queryset(self):
        return selectors.member_list(query=self.request.query_params.get("q", ""))


class MemberDetailView(generics.RetrieveAPIView):
    serializer_class = MemberSerializer

    def get_queryset(self):
        return selectors.member_list()


class OwnProfileView(generics.GenericAPIView):
    """The logged-in member's own profile; PATCH changes it."""

    serializer_class = OwnProfileSerializer
    permission_classes = [IsAuthenticated]

    def get(self, request):
        return Response(self.get_serializer(request.user).data)

    def patch(self, request):
        serializer = self.get_serializer(request.user, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        member = services.member_profile_update(member=request.user, **serializer.validated_data)
        return Response(self.get_serializer(member).data)


class MemberRolesView(generics.GenericAPIView):
    """The roles of a member; administrators may replace them with PUT."""

    serializer_class = RolesSerializer
    permission_classes = [role_permission(Role.ADMIN)]
    queryset = Member.objects.filter(is_active=True)

    def get(self, request, pk: int):
        member = self.get_object()
        return Response({"roles": sorted(role.value for role in roles_of(member))})

    def put(self, request, pk: int):
        member = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.member_roles_set(member=member, roles=serializer.validated_data["roles"], by=request.user)
        return Response({"roles": sorted(role.value for role in roles_of(member))})


class CalendarRenewView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request):
        """Give my private calendar feed a new address: the old one stops working."""
        services.member_calendar_renew(member=request.user)
        return Response(status=204)


class TokensRevokeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=TokensRevokeSerializer, responses=TokensRevokedSerializer)
    def post(self, request):
        """Revoke one of my API tokens (``token_key``, the first characters its list shows) or,
        without it, all of them."""
        data = TokensRevokeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        revoked = tokens.api_tokens_revoke(member=request.user, token_key=data.validated_data.get("token_key") or None)
        return Response({"revoked": revoked})
