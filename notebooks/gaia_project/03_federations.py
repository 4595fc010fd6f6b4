# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: federations
#
# A federation is a set of one's structures, joined into one group by satellites on empty space,
# whose power value reaches 7 (mine 1, trading station and research lab 2, planetary institute
# and academies 3). Satellites cost one power token each, and a federation must use **as few
# satellites as possible**. The engine checks each proposed federation and computes the fewest
# satellites exactly (a Steiner tree on the hex graph).

# %% [markdown]
# > **About this engine.** The Gaia Project engine plays the recorded-log notation of the
# > online implementation: one action is one line of a log (`terrans build m 1A4.`), several
# > commands of one player in a line are separated by `. `. Component values (tiles, boosters,
# > faction boards) restate public data and are marked `published` in the data files. The
# > engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
# > fourteen factions) to their last lines with every player's VP, and every source of VP,
# > equal to the recorded ones.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.game import replay
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.games.gaia_project.teaching import replay_upto
from gaia_lab.teaching import board, show_events

game = recorded_game("deep-mind-2")
moves = game["moves"]
print(len(moves), "lines in the record of", game["game"])

# %% [markdown]
# ## The Hadsch Hallas' first federation
#
# Line 263 of the record: the Hadsch Hallas join their structures in sectors 5 and 9. Here is
# the table just before, with the hexes of that federation highlighted.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.federation import check_federation, federation_options
from gaia_lab.games.gaia_project.rules import federation_setting

print(moves[263])
s = replay_upto(game, 263)
state = s.state
seat = state.seat_of("hadsch-hallas")
m = state.space_map
fed = moves[263].split()[2].split(",")
board(state, highlight=[f"hex:{h}" for h in fed])

# %% tags=["nbval-check-output"]
f = federation_setting(state, seat)
power = {m.name(h): f.values[k] for h, k in sorted(f.structures.items()) if m.name(h) in fed}
satellites = [h for h in fed if m.name(m.hex(h)) not in power]
print("structures and their power values:", power, "=", sum(power.values()))
print("satellites:", satellites)
check = check_federation(m, f.structures, frozenset(m.hex(h) for h in satellites),
                         frozenset(m.hex(h) for h in power), f.others, f.blocked, f.values,
                         f.threshold)
print(check.verdict)

# %% [markdown]
# **Why three satellites?** The structures form two groups: 5A6, 5A7 and 5B1 touch one another,
# 9B1 lies apart. The shortest chain of empty hexes between the groups is three hexes long
# (5B3, 5C, 9A2 as recorded; other chains are as short, and any of them may be chosen). Four
# satellites are refused with a smaller set named, and two do not connect the groups:

# %% tags=["nbval-check-output"]
longer = frozenset(m.hex(h) for h in ("5B3", "5C", "9A2", "5B4"))
print(check_federation(m, f.structures, longer, frozenset(m.hex(h) for h in power), f.others,
                       f.blocked, f.values, f.threshold).verdict)
fewer = frozenset(m.hex(h) for h in ("5B3", "5C"))
print(check_federation(m, f.structures, fewer, frozenset(m.hex(h) for h in power), f.others,
                       f.blocked, f.values, f.threshold).verdict)

# %% [markdown]
# ## Every federation one could form
#
# `federation_options` lists the federations open to a player: each set of structures with
# every one of its smallest satellite sets (all of them equally legal). The legal actions of the
# game list exactly these, once per federation token left in the supply.

# %% tags=["nbval-check-output"]
options = federation_options(m, f.structures, f.others, f.blocked, f.values, f.threshold)
for option in options:
    sats = sorted(m.name(h) for h in option.satellites)
    print(f"power {option.power}, {len(sats)} satellites {sats}: {', '.join(option.names(m))}")
recorded_sats = frozenset(m.hex(h) for h in satellites)
print("the recorded satellites are among them:",
      any(o.satellites == recorded_sats for o in options))

# %% [markdown]
# A log line may also name only the satellites: the structures they link up belong to the
# federation anyway, since no structure touching it may be left out. Both lines below are the
# same federation:

# %% tags=["nbval-check-output"]
short = f"hadsch-hallas federation {','.join(satellites)} fed5"
print(short, "->", s.explain(short).legal)
print(moves[263], "->", s.explain(moves[263]).legal)

# %% tags=["nbval-check-output"]
events = s.play(moves[263])
show_events(events)
board(s.state)

# %% [markdown]
# ## All federations of the game
#
# At the end of the game, each player's federations are outlined on the map in the player's
# colour; the satellites are the small discs on empty space.

# %% tags=["nbval-check-output"]
final = replay(game).state
for p in final.seats:
    print(f"{p.faction:14} {len(p.federations)} federations, {p.satellites} satellites,"
          f" tokens {[t for t, _ in p.fed_tokens]}")
board(final)
