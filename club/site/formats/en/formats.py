# Year, month, day in figures: read alike by both languages' readers and in the zone-named
# times of the pages (2026-12-05 15:00 MSK), never a month first (12/05/2026) nor a name.
DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
