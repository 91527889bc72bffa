"""The member's notifications through the API: what the notifications page's "mark as read" does."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from . import services


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=1000,
        help_text="Which of my unread notifications; without it, all of them.",
    )


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are read now.")


class NotificationsReadView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=MarkReadSerializer, responses=MarkedSerializer)
    def post(self, request):
        """Mark my unread notifications read: those ``ids``, or all."""
        data = MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        marked = services.notifications_mark_read(member=request.user, ids=data.validated_data.get("ids"))
        return Response({"marked": marked})


urlpatterns = [path("notifications/read/", NotificationsReadView.as_view(), name="api-notifications-read")]
