"""Ninja card scripts of "The Path to Hokage" (N-001 to N-043). Card texts: cards.json."""

from __future__ import annotations

from engine.core.state import State
from engine.dsl.context import Ctx
from engine.dsl.scripts import Action, Effect
from engine.games.naruto import actions, board
from engine.games.naruto.board import f_of
from engine.games.naruto.book import AURAS, BOOK, ENTRANCE_RULES, SEND_RULES, SHIELDS, USER_RULES, mark, noop

BOOK.vanilla(
    "N-001",
    "N-002",
    "N-003",
    "N-009",
    "N-010",
    "N-011",
    "N-014",
    "N-015",
    "N-016",
    "N-017",
    "N-018",
    "N-029",
    "N-032",
    "N-033",
    "N-038",
)


def _static(code: str, name: str, text: str) -> None:
    BOOK.add(code, Effect(name, "static", noop, text=text))


def _sent_out(code: str, name: str, run: Action, text: str) -> None:
    BOOK.add(code, Effect(name, "trigger", run, on="sent_out", text=text))


def _team(ctx: Ctx) -> list[int]:
    return board.team_in_battle(ctx.state, ctx.source)


# N-004 Ino Yamanaka: +1/+1 while battling an opposing "Female" Ninja.
def _ino(state: State, src: int, tgt: int) -> tuple[int, int] | None:
    if tgt == src and any(board.has_trait(state, o, "Female") for o in board.opposing(state, src)):
        return 1, 1
    return None


AURAS["N-004"] = _ino
_static("N-004", "loves_rival", "+1/+1 against a Female Ninja")


# N-005 Shikamaru Nara, N-036 Akamaru: never sent out alone (Valid).
def _not_alone(state: State, src: int, team: list[int]) -> str:
    return f"{f_of(state, src).name} cannot be sent out in a Team of one" if len(team) == 1 else ""


SEND_RULES["N-005"] = _not_alone
_static("N-005", "lazy", "never in a Team of one")


# N-006 Choji Akimichi: +1/+0 when its Team attacks.
def _choji(ctx: Ctx) -> None:
    if ctx.data.get("side") == "a":
        actions.boost(ctx.state, ctx.source, 1, 0)


_sent_out("N-006", "chubby", _choji, "+1/+0 when attacking")


# N-007 Konohamaru: Jonin-or-higher Ninja cards in your hand cost 1 less Entrance (Valid).
def _konohamaru(state: State, src: int, card: int, player: int) -> int:
    mine = state.cards[src].controller == player and state.cards[card].zone == f"hand:{player}"
    return -1 if mine and board.rank_at_least(state, card, "Jonin") else 0


ENTRANCE_RULES["N-007"] = _konohamaru
_static("N-007", "grandson", "Jonin cards cost 1 less")


# N-008 Iruka Umino: +0/+1 when sent out under a "Genin" Head (Valid).
def _iruka(ctx: Ctx) -> None:
    team = _team(ctx)
    if team and board.has_trait(ctx.state, team[0], "Genin"):
        actions.boost(ctx.state, ctx.source, 0, 1)


_sent_out("N-008", "devoted", _iruka, "+0/+1 under a Genin Head")


# N-012 Asuma Sarutobi: cannot be sent out while ahead in Battle Rewards.
def _asuma(state: State, src: int, team: list[int]) -> str:
    me = state.cards[src].controller
    if board.rewards(state, me) > board.rewards(state, board.opponent(me)):
        return "Asuma Sarutobi's Team stays home while you lead in Battle Rewards"
    return ""


SEND_RULES["N-012"] = _asuma
_static("N-012", "optimist", "stays home when ahead")


# N-013 The Third Hokage / N-030 Hinata Hyuga: start-of-turn heal paid with Chakra.
def _heal_start(cost: int, genin: bool) -> Action:
    def run(ctx: Ctx) -> None:
        ctx.state.push("naruto.start_heal", card=ctx.source, player=ctx.player, cost=cost, genin=genin)

    return run


BOOK.add("N-013", Effect("governor", "trigger", _heal_start(1, False), on="start", text="heal for 1 Chakra"))
BOOK.add("N-030", Effect("gentle_heart", "trigger", _heal_start(3, True), on="start", text="heal a Genin for 3"))

# N-019 Naruto Uzumaki: coin flip lowers damage (Valid).
mark("N-019", "coin_dodge")
_static("N-019", "imposter", "coin flip against damage")


# N-020 Sasuke Uchiha: no Genin-or-lower teammates.
def _loner(state: State, src: int, team: list[int]) -> str:
    if any(c != src and board.rank_at_most(state, c, "Genin") for c in team):
        return "Sasuke Uchiha will not go out with Genin or lower teammates"
    return ""


SEND_RULES["N-020"] = _loner
_static("N-020", "individual_play", "no Genin teammates")


# N-021 Sakura Haruno: +0/+1 with a Genin Male teammate.
def _sakura_love(ctx: Ctx) -> None:
    if any(board.has_trait(ctx.state, c, "Genin") and board.has_trait(ctx.state, c, "Male") for c in _team(ctx)):
        actions.boost(ctx.state, ctx.source, 0, 1)


_sent_out("N-021", "love_conquers", _sakura_love, "+0/+1 with a Genin Male")

# N-022 Iruka Umino: takes damage for the Head (Valid) — see actions.damage.
mark("N-022", "scapegoat")
_static("N-022", "scapegoat", "takes 1 damage for the Head")

# N-023 Kakashi Hatake: copies Combat gained by opposing Ninjas from Jutsu — see actions.boost.
mark("N-023", "copy_combat")
_static("N-023", "copy_ninja", "copies Jutsu Combat gains")

# N-024 Zabuza Momochi: as Head, its Team's damage discards.
mark("N-024", "deadly_head")
_static("N-024", "demon", "damage from its Team discards")


# N-025 Naruto Uzumaki: +X/+0 (X = hand size) when sent out alone while injured (Valid).
def _nine_tails(ctx: Ctx) -> None:
    if board.is_injured(ctx.state, ctx.source) and len(_team(ctx)) == 1:
        actions.boost(ctx.state, ctx.source, len(ctx.state.zones[f"hand:{ctx.player}"]), 0)


_sent_out("N-025", "nine_tailed_chakra", _nine_tails, "+X/+0 alone and injured")


# N-026 Sasuke Uchiha: opposing Jutsu of total cost 2 or less cannot target it.
def _open_eyes(state: State, protected: int, jutsu: int, player: int) -> bool:
    return f_of(state, jutsu).cost.total <= 2


SHIELDS["N-026"] = _open_eyes
_static("N-026", "open_your_eyes", "cheap Jutsu cannot target it")


# N-027 Sakura Haruno: may charge the top card of the Deck when the Chakra area is nearly empty.
def _adjust_offer(ctx: Ctx) -> None:
    if len(ctx.state.zones[f"chakra:{ctx.player}"]) <= 1 and ctx.state.zones[f"deck:{ctx.player}"]:
        ctx.state.push(
            "naruto.optional",
            player=ctx.player,
            card=ctx.source,
            effect="adjust_do",
            text="Move the top card of your Deck to your Chakra area?",
            rule="naruto 7.5",
        )


def _adjust_do(ctx: Ctx) -> None:
    deck = ctx.state.zones[f"deck:{ctx.player}"]
    if deck:
        cid = deck[-1]
        actions.to_zone(ctx.state, cid, "chakra")
        ctx.state.log(f"{board.label(ctx.state, cid)} goes from the Deck to the Chakra area")


BOOK.add(
    "N-027",
    Effect("adjustment", "trigger", _adjust_offer, on="sent_out", text="may charge the top card"),
    Effect("adjust_do", "action", _adjust_do),
)


# N-028 Kiba Inuzuka: +1/+1 with an "Animal" teammate (Valid).
def _kiba(ctx: Ctx) -> None:
    if any(c != ctx.source and board.has_trait(ctx.state, c, "Animal") for c in _team(ctx)):
        actions.boost(ctx.state, ctx.source, 1, 1)


_sent_out("N-028", "combination", _kiba, "+1/+1 with an Animal")


# N-031 Rock Lee: only Jutsu without Symbol-specific cost (Valid).
def _no_talent(state: State, u: int, code: str) -> str:
    from engine.games.naruto.facts import facts

    if facts(code).cost.has_specific:
        return "Rock Lee can only use Jutsu whose cost has no Symbol-specific part"
    return ""


USER_RULES["N-031"] = _no_talent
_static("N-031", "no_talent", "generic-cost Jutsu only")


# N-034 Konohamaru: draw 1 when its Team wins a Victory (Valid).
def _corps(ctx: Ctx) -> None:
    actions.draw(ctx.state, ctx.player)


BOOK.add("N-034", Effect("corps_formed", "trigger", _corps, on="victory", text="draw on Victory"))


# N-035 Kaede Ureshino: draw 1 on entering play; discard 1 from hand on leaving (Valid).
def _kaede_in(ctx: Ctx) -> None:
    actions.draw(ctx.state, ctx.player)


def _kaede_out(ctx: Ctx) -> None:
    hand = list(ctx.state.zones[f"hand:{ctx.player}"])
    if hand:
        ctx.state.push(
            "naruto.pick",
            player=ctx.player,
            candidates=hand,
            **{"from": f"hand:{ctx.player}"},
            dest="discard",
            must=True,
            verb="discards",
            text="Kaede leaves: discard 1 card from your hand",
            rule="naruto 13.11",
        )


BOOK.add(
    "N-035",
    Effect("relocation_in", "trigger", _kaede_in, on="enter", text="draw 1"),
    Effect("relocation_out", "trigger", _kaede_out, on="leave", text="discard 1"),
)

# N-036 Akamaru: free deployment with Kiba in play; never alone (Valid).
mark("N-036", "free_deploy")
SEND_RULES["N-036"] = _not_alone
_static("N-036", "partner", "free deployment with Kiba; never alone")


# N-037 Kakashi Hatake: Leaf Genin teammates get +0/+1 when sent out.
def _confidence(ctx: Ctx) -> None:
    for c in _team(ctx):
        if board.has_trait(ctx.state, c, "Leaf") and board.has_trait(ctx.state, c, "Genin"):
            actions.boost(ctx.state, c, 0, 1)


_sent_out("N-037", "confidence", _confidence, "Leaf Genin teammates +0/+1")


# N-039 Might Guy: +0/+4 under a Genin Taijutsu Head.
def _guy(state: State, src: int, tgt: int) -> tuple[int, int] | None:
    if tgt != src:
        return None
    team = board.team_in_battle(state, src)
    if (
        team
        and team[0] != src
        and board.has_trait(state, team[0], "Genin")
        and board.attribute(state, team[0]) == "Taijutsu"
    ):
        return 0, 4
    return None


AURAS["N-039"] = _guy
_static("N-039", "fervent_words", "+0/+4 behind a Genin Taijutsu Head")


# N-040 Zabuza Momochi: -1/-1 to both Teams in its battle, Mist fighters excepted.
def _fog(state: State, src: int, tgt: int) -> tuple[int, int] | None:
    if board.attribute(state, tgt) == "Mist":
        return None
    if tgt in board.team_in_battle(state, src) or tgt in board.opposing(state, src):
        return -1, -1
    return None


AURAS["N-040"] = _fog
_static("N-040", "thick_fog", "-1/-1 to everyone in its battle but Mist")


# N-041 Rock Lee: sent out as Head, it gains a +1/+0 coin at the end of the turn.
def _effort(ctx: Ctx) -> None:
    team = _team(ctx)
    if team and team[0] == ctx.source:
        board.fx_add(ctx.state, "blade_at_end", ctx.source)


_sent_out("N-041", "genius_of_effort", _effort, "coin at end of turn as Head")

# N-042 Neji Hyuga: Tenketsu coins on damaged Ninjas; they cannot be healed (Valid part).
mark("N-042", "tenketsu", "tenketsu_no_heal")
_static("N-042", "formidable_gift", "Tenketsu coins")

# N-043 Haku: its Jutsu cannot be negated (Valid).
mark("N-043", "unnegatable")
_static("N-043", "bloodline", "its Jutsu cannot be negated")
