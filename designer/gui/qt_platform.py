"""Before the window starts on Linux: can Qt load its X11 platform plugin, and if not, why?

When a system library of Qt's ``xcb`` plugin is missing, Qt only says "xcb-cursor0 or
libxcb-cursor0 is needed", whichever library is really absent, and aborts. So, before the
QApplication exists, we ask the dynamic linker (``ldd`` on the plugin) which libraries it cannot
find, and name the Debian/Ubuntu packages that provide them. Nothing here imports a Qt module
that loads the GUI: only the plugin's path is looked up.
"""

from __future__ import annotations

import ctypes.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

# The packages Qt's xcb plugin needs on Debian and Ubuntu (what the README's apt-get line names).
PACKAGES = ("libegl1", "libgl1", "libfontconfig1", "libdbus-1-3", "libxkbcommon-x11-0",
            "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
            "libxcb-randr0", "libxcb-render-util0", "libxcb-shape0", "libxcb-xfixes0",
            "libxcb-xkb1")
# Libraries whose package name does not follow Debian's rule for library packages.
SPECIAL = {"libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libGLX.so.0": "libglx0",
           "libOpenGL.so.0": "libopengl0", "libX11.so.6": "libx11-6",
           "libX11-xcb.so.1": "libx11-xcb1", "libglib-2.0.so.0": "libglib2.0-0",
           "libgthread-2.0.so.0": "libglib2.0-0", "libfreetype.so.6": "libfreetype6"}


def package_for(soname: str) -> str:
    """The Debian package that ships ``soname`` by Debian's naming rule for libraries:
    the name in lower case followed by the major version, with a hyphen when the name ends
    in a digit (``libxcb-icccm.so.4`` -> ``libxcb-icccm4``, ``libxkbcommon-x11.so.0`` ->
    ``libxkbcommon-x11-0``)."""
    if soname in SPECIAL:
        return SPECIAL[soname]
    m = re.fullmatch(r"(lib[\w.+-]+?)\.so\.(\d+)(?:\.\d+)*", soname)
    if not m:
        return soname
    name, major = m[1].lower(), m[2]
    return f"{name}-{major}" if name[-1].isdigit() else f"{name}{major}"


def xcb_plugin() -> Path | None:
    """Where PySide6 keeps Qt's xcb platform plugin (None when it is not there)."""
    try:
        import PySide6
    except ImportError:
        return None
    base = Path(PySide6.__file__).resolve().parent
    for path in (base / "Qt" / "plugins" / "platforms" / "libqxcb.so",
                 base / "plugins" / "platforms" / "libqxcb.so"):
        if path.exists():
            return path
    return None


def _run_ldd(path: Path) -> str:
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    try:
        done = subprocess.run([ldd, str(path)], capture_output=True, text=True, timeout=10,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout


def missing_libraries(plugin: Path | None,
                      ldd: Callable[[Path], str] = _run_ldd,
                      find: Callable[[str], str | None] = ctypes.util.find_library) -> list[str]:
    """Shared libraries the plugin needs and the system cannot find, in the order ``ldd``
    reports them. Without ``ldd`` output, the libraries of ``PACKAGES`` are looked up one by
    one with ``find`` (ctypes' search of the linker cache)."""
    out: list[str] = []
    text = ldd(plugin) if plugin is not None else ""
    if text:
        for line in text.splitlines():
            m = re.match(r"\s*(\S+)\s*=>\s*not found", line)
            if m and m[1] not in out:
                out.append(m[1])
        return out
    for soname in ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1",
                   "libxcb-image.so.0", "libxcb-render-util.so.0", "libxkbcommon-x11.so.0",
                   "libxcb-randr.so.0", "libxcb-shape.so.0", "libxcb-xkb.so.1",
                   "libEGL.so.1", "libfontconfig.so.1"):
        short = soname[3:].split(".so")[0]
        if not find(short):
            out.append(soname)
    return out


def wants_xcb(env: dict[str, str] | None = None, platform: str = sys.platform) -> bool:
    """Whether Qt would start on X11 here (Linux, no other platform chosen or Wayland active)."""
    env = dict(os.environ) if env is None else env
    if not platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip()
    if chosen:
        return chosen == "xcb"
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def diagnosis(env: dict[str, str] | None = None, platform: str = sys.platform,
              plugin: Path | None = None, ldd: Callable[[Path], str] = _run_ldd,
              find: Callable[[str], str | None] = ctypes.util.find_library) -> str:
    """What keeps the window from starting, with how to fix it ("" when nothing does)."""
    env = dict(os.environ) if env is None else env
    if not wants_xcb(env, platform):
        return ""
    missing = missing_libraries(plugin if plugin is not None else xcb_plugin(), ldd, find)
    if missing:
        packages = sorted({package_for(s) for s in missing})
        return ("The window cannot start: Qt's X11 platform plugin needs system libraries "
                f"that are missing: {', '.join(missing)}.\n"
                f"On Debian or Ubuntu install them with:\n"
                f"    sudo apt-get install {' '.join(packages)}\n"
                f"(all the window needs: sudo apt-get install {' '.join(PACKAGES)})\n"
                "Headless pictures work without them: variant-designer FILE --screenshot "
                "OUT.png")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return ("The window cannot start: there is no display (DISPLAY is not set). Run it in "
                "a desktop session, or render a picture headless with --screenshot OUT.png.")
    return ""


__all__ = ["diagnosis", "missing_libraries", "package_for", "wants_xcb", "xcb_plugin",
           "PACKAGES"]
