"""Rating pages: thin views over ratings.selectors."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from members.models import Member
from ratings import selectors
from ratings.models import SPEEDS, RatingChange


def _pool_from(request, pools: list[tuple[str, str]]) -> tuple[str, str]:
    discipline = request.GET.get("discipline") or (pools[0][0] if pools else "")
    speeds = [s for d, s in pools if d == discipline]
    speed = request.GET.get("speed") or (speeds[0] if speeds else SPEEDS[0])
    return discipline, speed


@require_GET
def rating_list(request):
    pools = selectors.rating_pools()
    discipline, speed = _pool_from(request, pools)
    query = request.GET.get("q", "").strip()
    established = request.GET.get("established") == "1"
    ratings = selectors.rating_list(discipline=discipline, speed=speed, query=query, established_only=established)
    page = Paginator(ratings, 50).get_page(request.GET.get("page"))
    return render(
        request,
        "ratings/rating_list.html",
        {
            "page": page,
            "rank_offset": page.start_index() - 1 if page.paginator.count else 0,
            "disciplines": sorted({d for d, _ in pools}),
            "speeds": SPEEDS,
            "discipline": discipline,
            "speed": speed,
            "query": query,
            "established": established,
        },
    )


@require_GET
def rating_card(request, username: str):
    member = get_object_or_404(Member, username=username)
    ratings = selectors.member_ratings(member_id=member.pk)
    current = None
    if ratings:
        wanted = (request.GET.get("discipline"), request.GET.get("speed"))
        current = next((r for r in ratings if (r.discipline, r.speed) == wanted), None)
        if current is None:
            if any(wanted):
                raise Http404
            current = max(ratings, key=lambda r: (r.games, r.rating))
    history = (
        selectors.rating_history(member_id=member.pk, discipline=current.discipline, speed=current.speed)
        if current
        else RatingChange.objects.none()
    )
    return render(
        request,
        "ratings/rating_card.html",
        {
            "member": member,
            "ratings": ratings,
            "current": current,
            # The chart reads the ratings alone; the last 20 games are listed with their opponents.
            "chart": selectors.rating_chart(
                selectors.chart_history(member_id=member.pk, discipline=current.discipline, speed=current.speed)
                if current
                else []
            ),
            "recent": list(history.reverse()[:20]),
        },
    )
