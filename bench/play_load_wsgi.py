"""The club's WSGI application behind uvicorn's WSGI adapter with a chosen
number of threads per worker process (``PLAY_LOAD_WSGI_THREADS``, default 10,
uvicorn's own default): what ``bench/play_load.py --interface wsgi`` serves.
Every thread beyond what the database waits need only adds GIL contention."""
import os

from uvicorn.middleware.wsgi import WSGIMiddleware

from club.wsgi import application as django_application

application = WSGIMiddleware(django_application, workers=int(os.environ.get("PLAY_LOAD_WSGI_THREADS", "10")))
