from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    """``?limit=`` is capped (a bigger one gets the cap), ``?offset=`` must fit the database's integers."""

    max_limit = 200
    max_offset = 2**31 - 1

    def get_offset(self, request):
        offset = super().get_offset(request)
        if offset > self.max_offset:
            raise ValidationError(
                {self.offset_query_param: [_("An offset is at most %(max)d.") % {"max": self.max_offset}]}
            )
        return offset


class CappedCountPagination(BoundedLimitOffsetPagination):
    """For the lists that grow with the club (every game): ``count`` counts at
    most ``count_cap`` rows (a bounded subquery, not a scan of the table), so
    a page costs what it shows; past the cap, filters narrow the list."""

    count_cap = 10_000

    def get_count(self, queryset):
        return queryset.order_by()[: self.count_cap].count()
