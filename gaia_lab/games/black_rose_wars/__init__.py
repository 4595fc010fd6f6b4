"""Black Rose Wars: Rebirth - Gaea Reborn."""
