#!/usr/bin/env python3
# a device console: each line's first word picks a handler, the other words
# are its arguments. The "reset" handler closes the device handle to reboot
# it and then sends the boot command on the closed handle (use after close:
# an uncaught exception, exit 1). "reset" as an argument ("log reset",
# "led reset") is just a word to those handlers.
import sys

VOCAB = {"reset", "status", "log", "ping", "fan", "led", "on", "off"}

class Device:
    def __init__(self):
        self.open = True
        self.sent = []
    def send(self, what):
        if not self.open:
            raise RuntimeError("write on a closed device handle")
        self.sent.append(what)
    def close(self):
        self.open = False

def h_reset(dev, args):
    dev.close()
    dev.send("boot")                   # bug: the handle is not reopened

def h_status(dev, args): dev.send("status " + " ".join(args))
def h_log(dev, args):    dev.send("log " + " ".join(args))
def h_ping(dev, args):   dev.send("ping")
def h_fan(dev, args):    dev.send("fan " + (args[0] if args else "on"))
def h_led(dev, args):    dev.send("led " + (args[0] if args else "on"))
def h_on(dev, args):     dev.send("power on")
def h_off(dev, args):    dev.send("power off")

HANDLERS = {"reset": h_reset, "status": h_status, "log": h_log, "ping": h_ping,
            "fan": h_fan, "led": h_led, "on": h_on, "off": h_off}

lines = open(sys.argv[-1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    words = line.split(" ")
    if not all(w in VOCAB for w in words):
        sys.exit(125)
for line in lines[:-1]:
    verb, *args = line.split(" ")
    dev = Device()
    HANDLERS[verb](dev, args)
sys.exit(0)
