from django.urls import path
from django.views.i18n import JavaScriptCatalog, set_language

from frontend import match_replays, match_views, views

app_name = "frontend"

urlpatterns = [
    path("", views.home, name="home"),
    path("play/new/", views.new_game, name="new_game"),
    path("play/<uuid:game_id>/", views.play_page, name="play"),
    path("how-to-play/<slug:game>/", views.how_to_play, name="how_to_play"),
    path("deals/", views.deal_lookup, name="deal_lookup"),
    path("deals/<str:ref>/", views.deal_page, name="deal"),
    path("deals/<str:ref>/replay/<int:result_id>/", views.replay_page, name="replay"),
    path("daily/", views.daily_page, name="daily"),
    path("daily/<str:day>/", views.daily_page, name="daily_day"),
    path("series/", views.series_list, name="series_list"),
    path("series/<slug:slug>/", views.series_page, name="series"),
    path("players/<str:name>/", views.player_page, name="player"),
    path("players/<str:name>/stats/", views.player_stats_page, name="player_stats"),
    path("me/", views.me, name="me"),
    path("matches/", match_views.matches_page, name="matches"),
    path("matches/<uuid:match_id>/", match_views.match_page, name="match"),
    path(
        "matches/<uuid:match_id>/rounds/<int:number>/replays/",
        match_replays.match_round_replays_page,
        name="match_replays",
    ),
    path("i18n/setlang/", set_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="jsi18n"),
]
