"""Template context every page gets: the zone its times are shown in."""

from foundation import zones


def time_zone(request) -> dict:
    return {"current_zone_label": zones.current_label()}
