#!/usr/bin/env bash
# Draws the home-page hero animation with ffmpeg alone (no stock footage, no text: the page is
# bilingual) and writes the committed files in public/media/:
#   hero.mp4   H.264 + quiet AAC ambience, faststart (plays everywhere)
#   hero.webm  VP9 + Opus (smaller; listed first so browsers that can play it fetch it)
#   hero-poster.webp / hero-poster.jpg   the first frame (shown before play and under reduced motion)
#
# The scene: a teal moving truck with an amber cab drives through a soft town. The truck stays put
# while the world scrolls under it. Every moving layer travels a whole number of its own pattern
# widths in LOOP seconds, and the wheels turn a whole number of spoke steps, so frame LOOP*FPS is
# identical to frame 0 and the loop is seamless.
#
# Usage: scripts/make-hero-media.sh   (needs ffmpeg with libx264, libvpx-vp9, libopus, libwebp)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/public/media"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

W=960
H=540
FPS=24
LOOP=8

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# --- Tiny SDF helpers that print ffmpeg expressions. Each returns an alpha in 0..255 with a
# one-pixel anti-aliased edge. "x"/"y" default to X/Y so layers can pass periodic coordinates.
circle() { # cx cy r [x] [y]
  local x="${4:-X}" y="${5:-Y}"
  echo "clip(($3)-hypot(($x)-($1),($y)-($2))+0.5,0,1)*255"
}
rrect() { # x0 y0 x1 y1 radius [x] [y]
  local x="${6:-X}" y="${7:-Y}"
  local dx="max(max(($1)+($5)-($x),($x)-(($3)-($5))),0)"
  local dy="max(max(($2)+($5)-($y),($y)-(($4)-($5))),0)"
  echo "clip(($5)-hypot($dx,$dy)+0.5,0,1)*255"
}
union() { # a b [c ...]
  local e="$1"
  shift
  for part in "$@"; do e="max($e,$part)"; done
  echo "$e"
}

# shape NAME WIDTH HEIGHT COLOUR ALPHA_EXPR -> $WORK/NAME.png, one flat colour with an alpha mask.
shape() {
  ff -f lavfi -i "color=c=$4:s=$2x$3,format=rgba" -frames:v 1 \
    -vf "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='$5'" "$WORK/$1.png"
}

# stack OUT BASE LAYER... -> overlays same-size layers in order.
stack() {
  local out="$1" base="$2"
  shift 2
  local inputs=(-i "$WORK/$base.png") graph="" last="0:v" n=1
  for layer in "$@"; do
    inputs+=(-i "$WORK/$layer.png")
    graph+="[$last][$n:v]overlay=format=auto[s$n];"
    last="s$n"
    n=$((n + 1))
  done
  ff "${inputs[@]}" -filter_complex "${graph%;}" -map "[$last]" -frames:v 1 "$WORK/$out.png"
}

echo "Drawing layers…"

# Sky: cool teal at the top warming towards the horizon, plus a soft low sun.
ff -f lavfi -i "color=c=black:s=${W}x${H},format=rgb24" -frames:v 1 -vf "geq=\
r='223+(253-223)*min(Y/360,1)':\
g='241+(243-241)*min(Y/360,1)':\
b='246+(226-246)*min(Y/360,1)'" "$WORK/sky.png"
shape sun "$W" "$H" "0xFCD98A" "$(circle 760 150 58)*0.9"
shape sun-glow "$W" "$H" "0xFDE7B5" "$(circle 760 150 92)*0.55"
stack backdrop sky sun-glow sun

# Clouds repeat every 480 px; the layer is the frame plus one period wide.
CX="mod(X,480)"
shape clouds $((W + 480)) 260 "0xFFFFFF" "0.92*$(union \
  "$(circle 92 96 30 "$CX")" "$(circle 130 80 40 "$CX")" "$(circle 172 98 28 "$CX")" \
  "$(rrect 62 96 200 124 14 "$CX")" \
  "$(circle 334 176 20 "$CX")" "$(circle 360 164 28 "$CX")" "$(circle 392 180 18 "$CX")" \
  "$(rrect 314 176 410 198 11 "$CX")")"

# Far hills: a sum of sines whose periods divide 960, so the ridge repeats every 960 px.
HX="mod(X,960)"
shape hills $((W * 2)) "$H" "0xC4E4EC" \
  "clip(Y-(300-26*sin(2*PI*$HX/960)-16*sin(2*PI*$HX/320+1.3)-8*sin(2*PI*$HX/192+0.4))+0.5,0,1)*255"

# Town: twelve buildings per 960 px with fixed pseudo-random heights, windows punched out.
BX="mod(X,960)"
SLOT="floor($BX/80)"
TOP="(404-(70+mod($SLOT*53,96)))"
INB="lt(mod($BX,80),68)*gte(Y,$TOP)*lt(Y,404)"
shape town $((W * 2)) "$H" "0x8FC7D6" "$INB*255"
shape windows $((W * 2)) "$H" "0xE4F4F8" \
  "$INB*between(mod($BX,80),10,58)*lt(mod(mod($BX,80)-10,18),9)*lt(mod(Y-$TOP-14,24),11)*lt(Y,$TOP+14+24*floor((404-$TOP-30)/24))*gte(Y,$TOP+14)*255"
# Trees in front of the town, every 240 px.
TX="mod(X,240)"
shape trees $((W * 2)) "$H" "0x5FAE9B" "$(union "$(circle 40 372 24 "$TX")" "$(circle 62 384 18 "$TX")" "$(circle 168 380 20 "$TX")")"
shape trunks $((W * 2)) "$H" "0x6B7F77" "$(union "$(rrect 48 388 54 406 2 "$TX")" "$(rrect 165 392 171 406 2 "$TX")")"
ff -f lavfi -i "color=c=black@0:s=$((W * 2))x${H},format=rgba" -frames:v 1 "$WORK/empty-wide.png"
stack town-all empty-wide town windows trunks trees

# Road: kerb, asphalt and dashes repeating every 80 px.
RX="mod(X,80)"
shape kerb $((W + 80)) "$H" "0xA9BCCB" "between(Y,404,415)*255"
shape asphalt $((W + 80)) "$H" "0xDCE4EB" "gte(Y,416)*255"
shape dashes $((W + 80)) "$H" "0xFFFFFF" "between(Y,494,501)*lt($RX,40)*255"
ff -f lavfi -i "color=c=black@0:s=$((W + 80))x${H},format=rgba" -frames:v 1 "$WORK/empty-road.png"
stack road empty-road kerb asphalt dashes

# Truck (local 400x230 canvas, cab on the left: it drives towards the start of an Arabic line).
TW=400
TH=230
shape t-shadow $TW $TH "0x0F172A" "0.16*clip(1-hypot((X-205)/190,(Y-212)/10),0,1)*255"
shape t-chassis $TW $TH "0x334155" "$(union "$(rrect 34 168 378 184 4)" "$(rrect 6 160 46 178 5)")"
shape t-body $TW $TH "0x0E7490" "$(rrect 128 14 380 172 16)"
shape t-stripe $TW $TH "0xF59E0B" "between(Y,138,148)*gte(X,128)*lte(X,380)*255"
# A parcel mark on the side: amber box with a darker tape line.
shape t-box $TW $TH "0xF59E0B" "$(rrect 222 52 290 112 6)"
shape t-tape $TW $TH "0xB45309" "$(union "$(rrect 252 52 260 112 1)" "$(rrect 222 70 290 75 1)")"
# Cab: rounded block with a sloped windscreen corner.
CAB="min($(rrect 14 62 134 172 14),clip((X-14)-(112-Y)*0.55+0.5,0,1)*255)"
shape t-cab $TW $TH "0xF59E0B" "$CAB"
shape t-window $TW $TH "0xE0F2F7" "min($(rrect 34 76 98 116 6),clip((X-34)-(116-Y)*0.55+0.5,0,1)*255)"
shape t-door $TW $TH "0xD97706" "$(union "between(X,104,106)*between(Y,76,160)*255" "$(rrect 84 128 100 133 2)")"
shape t-light $TW $TH "0xFEF3C7" "$(rrect 10 132 22 146 4)"
ff -f lavfi -i "color=c=black@0:s=${TW}x${TH},format=rgba" -frames:v 1 "$WORK/empty-truck.png"
stack truck empty-truck t-chassis t-body t-stripe t-box t-tape t-cab t-window t-door t-light

# Wheel: drawn every frame with geq (time T) so it turns. 5 spokes; 15 turns per loop makes the
# last frame meet the first exactly.
WR=30
WS=$((WR * 2 + 4))
WC=$((WR + 2))
ANG="2*PI*15*T/$LOOP"
# Position relative to the wheel centre, rotated by the current angle.
RXE="((X-$WC)*cos($ANG)-(Y-$WC)*sin($ANG))"
RYE="((X-$WC)*sin($ANG)+(Y-$WC)*cos($ANG))"
SPOKE="lt(mod(atan2($RYE,$RXE)+4*PI,2*PI/5),0.42)"
RADIUS="hypot(X-$WC,Y-$WC)"
# Colour per pixel: tyre, then rim with spokes, then hub.
WHEEL_R="if(lt($RADIUS,6),100,if(lt($RADIUS,15),if($SPOKE,100,203),31))"
WHEEL_G="if(lt($RADIUS,6),116,if(lt($RADIUS,15),if($SPOKE,116,213),41))"
WHEEL_B="if(lt($RADIUS,6),139,if(lt($RADIUS,15),if($SPOKE,139,225),55))"

echo "Rendering frames…"
# World speed (px/s): clouds 60, hills 120, town 240, road 300. Each = period * whole loops / LOOP.
BODY_Y="280+round(1.5*sin(2*PI*8*t/$LOOP))"
ff \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/backdrop.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/clouds.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/hills.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/town-all.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/road.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/t-shadow.png" \
  -loop 1 -framerate $FPS -t $LOOP -i "$WORK/truck.png" \
  -f lavfi -i "color=c=black@0:s=${WS}x${WS}:r=$FPS:d=$LOOP,format=rgba" \
  -filter_complex "\
[7:v]geq=r='$WHEEL_R':g='$WHEEL_G':b='$WHEEL_B':a='clip($WR-$RADIUS+0.5,0,1)*255',split[w1][w2];\
[0:v][1:v]overlay=x='mod(t*60,480)-480':y=0:format=auto[a];\
[a][2:v]overlay=x='mod(t*120,960)-960':y=0:format=auto[b];\
[b][3:v]overlay=x='mod(t*240,960)-960':y=0:format=auto[c];\
[c][4:v]overlay=x='mod(t*300,80)-80':y=0:format=auto[d];\
[d][5:v]overlay=x=280:y=280:format=auto[e];\
[e][6:v]overlay=x=280:y='$BODY_Y':format=auto[f];\
[f][w1]overlay=x=280+78-$WC:y=280+186-$WC:format=auto[g];\
[g][w2]overlay=x=280+318-$WC:y=280+186-$WC:format=auto,format=rgb24[v]" \
  -map "[v]" -frames:v $((FPS * LOOP)) -r $FPS "$WORK/frame-%03d.png"

echo "Making ambience…"
# Soft brown-noise road hum with a low engine tone, far below speech level. Short fades at both
# ends keep the loop point free of clicks.
ff -f lavfi -i "anoisesrc=color=brown:amplitude=0.5:seed=7:sample_rate=44100:duration=$LOOP" \
  -f lavfi -i "sine=frequency=82:sample_rate=44100:duration=$LOOP" \
  -filter_complex "[0:a]lowpass=f=420,volume=0.12[n];[1:a]volume=0.025[s];[n][s]amix=inputs=2:normalize=0,\
afade=t=in:d=0.25,afade=t=out:st=$((LOOP - 1)).75:d=0.25,aformat=channel_layouts=mono[a]" \
  -map "[a]" "$WORK/ambience.wav"

echo "Encoding…"
ff -framerate $FPS -i "$WORK/frame-%03d.png" -i "$WORK/ambience.wav" \
  -c:v libx264 -preset veryslow -tune animation -crf 30 -pix_fmt yuv420p -g $((FPS * LOOP)) \
  -c:a aac -b:a 24k -ac 1 -shortest -movflags +faststart "$OUT/hero.mp4"

ff -framerate $FPS -i "$WORK/frame-%03d.png" -i "$WORK/ambience.wav" \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 1 -pix_fmt yuv420p -g $((FPS * LOOP)) \
  -c:a libopus -b:a 20k -ac 1 -shortest "$OUT/hero.webm"

ff -i "$WORK/frame-001.png" -c:v libwebp -quality 72 "$OUT/hero-poster.webp"
ff -i "$WORK/frame-001.png" -q:v 6 "$OUT/hero-poster.jpg"

ls -l "$OUT"
