"""Black Rose Wars: Rebirth - Gaea Reborn: the expansion's rules on a modelled Lodge."""
