# Sourced by scripts/play and scripts/test: install what building the game needs and is missing, then go on.
# A newcomer's fresh Debian or Ubuntu machine with Rust lacks the system libraries Bevy links (ALSA for sound, and
# pkg-config to find it) and the Wayland and xkbcommon headers its window needs; cargo fails on them with a message
# that names a -sys crate, not the package. These are Debian's names; elsewhere the script says what to install.

# The Debian packages the game's build needs (also the first line of .ci/run's list).
build_packages=(pkg-config libasound2-dev libwayland-dev libxkbcommon-dev)

# install_missing PACKAGE...: install those of the Debian packages named that are not installed, through apt-get
# (as root, or with sudo); where that cannot be done, say which are missing and how to get them, and fail.
install_missing() {
    if ! command -v cargo >/dev/null 2>&1; then
        echo "cargo is not installed: install Rust from https://rustup.rs first, then run this again." >&2
        return 1
    fi
    if ! command -v dpkg >/dev/null 2>&1; then
        if [ "$(uname -s)" = Linux ]; then
            echo "Not a Debian-like system: install your distribution's packages for pkg-config, ALSA's development" \
                "headers, Wayland's and xkbcommon's (for example alsa-lib-devel, wayland-devel, libxkbcommon-devel)." >&2
        fi
        return 0
    fi
    local missing=() package
    for package in "$@"; do
        dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "Missing Debian packages: ${missing[*]}. As root: apt-get install ${missing[*]}" >&2
            return 1
        fi
        sudo=(sudo)
    fi
    echo "Installing the missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if ! "${sudo[@]}" apt-get update -qq || ! "${sudo[@]}" apt-get install -y -qq "${missing[@]}"; then
        echo "Could not install ${missing[*]}; install them by hand (apt-get install ${missing[*]})." >&2
        return 1
    fi
}
