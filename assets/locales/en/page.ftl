# The web page around the game (web/index.html, web/light.js), not the game itself: its loading screen, and the
# light board, a board playable in seconds while the full game downloads, and where the full game cannot start.
# web/words.mjs puts these, with the game's messages that the page uses, into the page.
# $percent: a whole number; $megabytes: a size in megabytes.
page-loading = Fanorona is loading…
page-progress = { $percent }% of { $megabytes } MB
page-preparing = Preparing the game…
page-starting = Starting…
light-downloading = The full game is downloading: { $percent }% of { $megabytes } MB.
light-full-ready = The full game is ready.
light-open-full = Continue in the full game
light-no-webgl2 = This browser cannot show the full game (it needs WebGL2): play here.
# $error: what the browser said (not translated).
light-full-failed = The full game could not start ({ $error }): play here.
