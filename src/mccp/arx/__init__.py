"""The ARX element's host side: its channel modes, its firmware and the image the fabric's
loader takes (docs/arx.md)."""
