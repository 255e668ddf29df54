"""Before Qt starts: which system libraries the X11 plugin misses, and which packages hold them
(the dynamic linker's and the library search are replaced by fakes: no real system is needed)."""

from __future__ import annotations

from pathlib import Path

from designer.gui import qt_platform as Q

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /x/Qt/lib/libQt6XcbQpa.so.6 (0x00007f1)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-cursor.so.0 => /usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f2)
\tlibxcb-icccm.so.4 => not found
"""
X11 = {"DISPLAY": ":0"}


def test_missing_libraries_are_read_from_ldd_once_each():
    assert Q.missing_libraries(Path("libqxcb.so"), ldd=lambda p: LDD) == \
        ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_the_message_names_the_real_culprits_not_xcb_cursor():
    text = Q.diagnosis(X11, "linux", Path("libqxcb.so"), ldd=lambda p: LDD)
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in text
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1\n" in text
    assert "libxcb-cursor.so.0" not in text.split("\n")[0]


def test_debian_package_names_follow_the_library_naming_rule():
    assert Q.package_for("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert Q.package_for("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert Q.package_for("libxcb-render-util.so.0") == "libxcb-render-util0"
    assert Q.package_for("libdbus-1.so.3") == "libdbus-1-3"
    assert Q.package_for("libEGL.so.1") == "libegl1"
    assert set(Q.PACKAGES) >= {Q.package_for(s) for s in (
        "libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-image.so.0",
        "libxkbcommon-x11.so.0", "libxcb-render-util.so.0", "libEGL.so.1", "libfontconfig.so.1")}


def test_without_ldd_each_library_is_looked_up():
    present = {"xcb-cursor", "xcb-image", "xcb-render-util", "xkbcommon-x11", "xcb-randr",
               "xcb-shape", "xcb-xkb", "EGL", "fontconfig"}
    missing = Q.missing_libraries(None, ldd=lambda p: "",
                                  find=lambda name: f"lib{name}.so" if name in present else None)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_nothing_is_said_when_everything_is_there_or_another_platform_is_chosen():
    complete = "\tlibxcb-icccm.so.4 => /usr/lib/libxcb-icccm.so.4 (0x1)\n"
    assert Q.diagnosis(X11, "linux", Path("p"), ldd=lambda p: complete) == ""
    assert Q.diagnosis({"QT_QPA_PLATFORM": "offscreen"}, "linux", Path("p"),
                       ldd=lambda p: LDD) == ""
    assert Q.diagnosis(X11, "darwin", Path("p"), ldd=lambda p: LDD) == ""
    assert Q.diagnosis({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"},
                       "linux", Path("p"), ldd=lambda p: LDD) == ""


def test_no_display_is_named_as_such():
    complete = "\tlibxcb-icccm.so.4 => /usr/lib/libxcb-icccm.so.4 (0x1)\n"
    assert "no display" in Q.diagnosis({}, "linux", Path("p"), ldd=lambda p: complete)


def test_the_readme_installs_what_the_window_needs():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"sudo apt-get install {' '.join(Q.PACKAGES)}" in readme
