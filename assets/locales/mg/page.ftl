# The web page around the game (web/index.html, web/light.js): see en/page.ftl. Words as the game's other files use
# them: ampidinina (being downloaded, GLOSSARY), feno (full, as in efijery feno), sokafy, manokatra, mpitety tranonkala, tonga.
page-loading = Eo am-pisokafana ny Fanorona…
page-progress = { $percent }% amin'ny { $megabytes } MB
page-preparing = Manomana ny lalao…
page-starting = Manomboka…
light-downloading = Ampidinina ny lalao feno: { $percent }% amin'ny { $megabytes } MB.
light-full-ready = Tonga ny lalao feno.
light-open-full = Tohizo amin'ny lalao feno
light-no-webgl2 = Tsy afaka manokatra ny lalao feno ity mpitety tranonkala ity (tsy manana WebGL2 izy): milalaova eto.
light-full-failed = Tsy nanomboka ny lalao feno ({ $error }): milalaova eto.
