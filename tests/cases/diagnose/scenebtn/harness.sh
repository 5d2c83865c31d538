#!/bin/sh
# scenepanel, a wall panel's configuration loader (its C logic in Python).
# It reads every line first, skipping comments (a line starting with "#",
# so a commented-out scene defines nothing) and storing scenes in a list by
# name (a name declared twice: the later one); then it binds the buttons:
#     b->press_level = scene_find(cfg, b->press_name)->dim;
#     if (b->hold_name)
#         b->hold_level = scene_find(cfg, b->hold_name)->dim;
# scene_find() returns NULL for a name no scene line declares, and the
# result is dereferenced unchecked: SIGSEGV. Both the short-press and the
# long-press scene are looked up; a scene declared after its button is
# found. Every button line is bound in turn (a key given twice is bound
# twice, the later binding replacing the earlier one, so both are looked
# up); the key numbers, the dim levels, the fade times and the backlight
# play no part.
exec python3 - "$@" <<'PY'
import re, sys

text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
NAME = r'(evening|movie|away|night|wake)'
PCT = r'(?:0|[1-9][0-9]?|100)'
scenes, buttons = {}, []
for line in lines[:-1]:
    if line.startswith("#"):
        if not re.fullmatch(r'#scene ' + NAME + r' dim=' + PCT + r' fade=[0-9]s', line):
            sys.exit(125)
        continue                                  # a comment
    m = re.fullmatch(r'scene ' + NAME + r' dim=(' + PCT + r') fade=([0-9])s', line)
    if m:
        scenes[m.group(1)] = int(m.group(2))
        continue
    m = re.fullmatch(r'button ([1-8]) press=' + NAME + r'(?: hold=' + NAME + r')?', line)
    if m:
        buttons.append((m.group(1), m.group(2), m.group(3)))
        continue
    if re.fullmatch(r'backlight ' + PCT, line):
        continue
    sys.exit(125)
for key, press, hold in buttons:
    for name in (press, hold):
        if name is not None and name not in scenes:
            print("scenepanel: segfault at 10 in bind_buttons (button %s: scene %s)" % (key, name), file=sys.stderr)
            sys.exit(139)
print("scenepanel: %d buttons bound to %d scenes" % (len(buttons), len(scenes)))
sys.exit(0)
PY
