"""API views: parse, check the role, call a service or selector, serialize."""
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from club import selectors, services
from club.api.permissions import role_permission
from club.api.serializers import (
    MemberSerializer, OwnProfileSerializer, RolesSerializer, SanctionSerializer,
)
from club.models import Member
from club.roles import Role, roles_of


class TokenObtainView(ObtainAuthToken):
    """Trade a username and password for the API token (send it as ``Authorization: Token <key>``)."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"  # slows down password guessing


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


@extend_schema(parameters=[OpenApiParameter("member", int, description="Only this member's sanctions.")])
class SanctionListView(generics.ListCreateAPIView):
    """Sanctions recorded by arbiters: arbiters, organisers and admins read; arbiters record."""

    serializer_class = SanctionSerializer

    def get_permissions(self):
        if self.request.method == "POST":
            return [role_permission(Role.ARBITER)()]
        return [role_permission(Role.ARBITER, Role.ORGANISER, Role.ADMIN)()]

    def get_queryset(self):
        member_id = self.request.query_params.get("member")
        if member_id is not None and not member_id.isdigit():
            raise serializers.ValidationError({"member": _("Give a member id.")})
        member = get_object_or_404(Member, pk=member_id) if member_id else None
        return selectors.sanction_list(member=member)

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sanction = services.sanction_issue(issued_by=request.user, **serializer.validated_data)
        return Response(self.get_serializer(sanction).data, status=status.HTTP_201_CREATED)
