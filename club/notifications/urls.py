from django.urls import path

from . import views

urlpatterns = [
    path("", views.notification_list, name="notification-list"),
    path("read/", views.notifications_read, name="notifications-read"),
    path("unread/", views.notifications_unread, name="notifications-unread"),
    path("settings/", views.notification_settings, name="notification-settings"),
]
