"""Persistent buttons and menus: their custom ids carry the match (and prompt version), so they
keep working after a restart (`DynamicItem`s registered on the bot, no per-message state).

Ids: ``tcg:hand:M`` (View my hand), ``tcg:accept:M`` / ``tcg:decline:M`` (challenge), ``tcg:join:M``,
``tcg:opt:M:V:I`` (option I of the prompt at version V), ``tcg:sel:M:V:G`` (select menu, values are
option indices), ``tcg:page:M:V:P:G`` (page P of the options in group G), ``tcg:replay:M:S`` (step S),
``tcg:undo:M:R:yes|no`` (answer request R to take back a decision).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord_ui.common import reply_error

if TYPE_CHECKING:
    from bot.discord_ui.matches.ui import MatchUI


def ui_of(interaction: discord.Interaction) -> MatchUI:
    ui: MatchUI = interaction.client.match_ui  # type: ignore[attr-defined]
    return ui


class _Base:
    """Mixin: run the item's action and turn any failure into one polite reply."""

    async def run(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("subclasses implement run")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # one polite reply for every failure; see reply_error
            await reply_error(interaction, exc)


class HandButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:hand:(?P<m>\d+)"):
    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label="View my hand / decide",
                style=discord.ButtonStyle.primary,
                custom_id=f"tcg:hand:{match_id}",
                emoji="🃏",  # U+1F0CF: a real emoji (U+1F0A0 is not one; Discord refuses it)
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> HandButton:
        return cls(int(match["m"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).show_hand(interaction, self.match_id)


class AnswerButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:(?P<what>accept|decline):(?P<m>\d+)"):
    def __init__(self, match_id: int, accept: bool) -> None:
        self.match_id, self.accept = match_id, accept
        what = "accept" if accept else "decline"
        style = discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=what.capitalize(), style=style, custom_id=f"tcg:{what}:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> AnswerButton:
        return cls(int(match["m"]), match["what"] == "accept")

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).answer_challenge(interaction, self.match_id, self.accept)


class JoinButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:join:(?P<m>\d+)"):
    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(label="Join", style=discord.ButtonStyle.success, custom_id=f"tcg:join:{match_id}")
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> JoinButton:
        return cls(int(match["m"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).join(interaction, self.match_id, None)


class AddAiButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:addai:(?P<m>\d+)"):
    """Seats an AI (the default level) in a lobby; only a player already seated may press it."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(label="Add AI", style=discord.ButtonStyle.secondary, custom_id=f"tcg:addai:{match_id}")
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> AddAiButton:
        return cls(int(match["m"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).add_ai(interaction, self.match_id, None)


class OptionButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:opt:(?P<m>\d+):(?P<v>-?\d+):(?P<i>\d+)"):
    def __init__(
        self,
        match_id: int,
        version: int,
        index: int,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.match_id, self.version, self.index = match_id, version, index
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"tcg:opt:{match_id}:{version}:{index}")
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> OptionButton:
        return cls(int(match["m"]), int(match["v"]), int(match["i"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).choose(interaction, self.match_id, self.version, self.index)


class OptionSelect(_Base, discord.ui.DynamicItem[Any], template=r"tcg:sel:(?P<m>\d+):(?P<v>-?\d+):(?P<g>[^:]*)"):
    def __init__(
        self, match_id: int, version: int, group: str = "", options: list[discord.SelectOption] | None = None
    ) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"tcg:sel:{match_id}:{version}:{group[:20]}",
                placeholder="Choose…",
                options=options or [discord.SelectOption(label="…", value="0")],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> OptionSelect:
        return cls(int(match["m"]), int(match["v"]), match["g"])

    async def run(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or ["-1"]
        index = int(values[0]) if str(values[0]).lstrip("-").isdigit() else -1
        await ui_of(interaction).choose(interaction, self.match_id, self.version, index)


class PageButton(
    _Base, discord.ui.DynamicItem[Any], template=r"tcg:page:(?P<m>\d+):(?P<v>-?\d+):(?P<p>\d+):(?P<g>[^:]*)"
):
    def __init__(self, match_id: int, version: int, page: int, group: str, label: str = "…") -> None:
        self.match_id, self.version, self.page, self.group = match_id, version, page, group
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"tcg:page:{match_id}:{version}:{page}:{group[:20]}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> PageButton:
        return cls(int(match["m"]), int(match["v"]), int(match["p"]), match["g"])

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).show_page(interaction, self.match_id, self.version, self.page, self.group)


class ReplayButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:replay:(?P<m>\d+):(?P<s>\d+)"):
    def __init__(self, match_id: int, step: int, label: str = "…") -> None:
        self.match_id, self.step = match_id, step
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"tcg:replay:{match_id}:{step}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> ReplayButton:
        return cls(int(match["m"]), int(match["s"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await ui_of(interaction).replay(interaction, self.match_id, self.step, edit=True)


class ConcedeButton(_Base, discord.ui.DynamicItem[Any], template=r"tcg:concede:(?P<m>\d+)"):
    """The confirmation of `/match concede`: only a player of the match can press it to concede."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=f"Concede match #{match_id}",
                style=discord.ButtonStyle.danger,
                custom_id=f"tcg:concede:{match_id}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> ConcedeButton:
        return cls(int(match["m"]))

    async def run(self, interaction: discord.Interaction) -> None:
        ui = ui_of(interaction)
        update = await ui.bot.services.matches.concede(self.match_id, str(interaction.user.id))
        await interaction.response.edit_message(content=f"You conceded match #{self.match_id}.", view=None)
        await ui.publish(update)


class UndoButton(
    _Base, discord.ui.DynamicItem[Any], template=r"tcg:undo:(?P<m>\d+):(?P<r>[0-9a-f]{1,16}):(?P<a>yes|no)"
):
    """Accept or decline request R to take back a decision in match M (only the other players)."""

    def __init__(self, match_id: int, request_id: str, accept: bool) -> None:
        self.match_id, self.request_id, self.accept = match_id, request_id, accept
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"tcg:undo:{match_id}:{request_id}:{'yes' if accept else 'no'}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> UndoButton:
        return cls(int(match["m"]), match["r"], match["a"] == "yes")

    async def run(self, interaction: discord.Interaction) -> None:
        from bot.discord_ui.matches.undo import answer_undo

        await answer_undo(ui_of(interaction), interaction, self.match_id, self.request_id, self.accept)


def undo_view(match_id: int, request_id: str) -> discord.ui.View:
    """Accept / Decline under a request to take back a decision."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(match_id, request_id, True))
    view.add_item(UndoButton(match_id, request_id, False))
    return view


def concede_view(match_id: int) -> discord.ui.View:
    """The one button that confirms a concession (the ephemeral reply of `/match concede`)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConcedeButton(match_id))
    return view


DYNAMIC_ITEMS = (
    HandButton,
    AnswerButton,
    JoinButton,
    AddAiButton,
    OptionButton,
    OptionSelect,
    PageButton,
    ReplayButton,
    ConcedeButton,
    UndoButton,
)


def board_view(match_id: int, *, finished: bool = False, web_url: str | None = None) -> discord.ui.View:
    """The board message's buttons; `web_url` adds a link to the match's web page (PUBLIC_URL)."""
    view = discord.ui.View(timeout=None)
    if not finished:
        view.add_item(HandButton(match_id))
    else:
        view.add_item(ReplayButton(match_id, 0, "Replay from the start"))
    if web_url:
        from bot.discord_ui.weblinks import WATCH_LABEL, link_button

        view.add_item(link_button(WATCH_LABEL, web_url))
    return view


def challenge_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerButton(match_id, True))
    view.add_item(AnswerButton(match_id, False))
    return view


def lobby_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(match_id))
    view.add_item(AddAiButton(match_id))
    return view
