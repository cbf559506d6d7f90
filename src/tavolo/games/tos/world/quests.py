"""The world adventure's quests, events and enemies (tos-facts sections 6.6 to 6.8).

Each entry of :data:`QUESTS` places one quest on a :class:`~.placement.QuestBuilder`: first
every step on a free half, then each step's lines in order. Titles and story lines are labels
(``Half.title``, ``Text.label``) whose wording lives in ``messages/``; a few are drawn from
small pools so adventures read differently (``villain.<n>``, ``enemy_upper.name.<n>`` ...).

Every quest ends the way the facts describe:

- main quests put the mission on 1A and the victory (and the win) on 1B; the boss's defeat
  reveals 1B;
- side quests (one per adventure): the reward, the hostage (four element variants of its
  helper, air included), the lost technique (the one ``pick``), the forge (the one ``forge``),
  the chest, the trap, the theft (a pencil tick bar ``[ , A, A, B, A, A]`` ending in B);
- events: lower ones (bottom halves, second half) and mid ones (either half, middle), each
  followed by an unnamed reveal (not the shop, not the healer) and, on a bottom half, a remove;
- enemies: intro, fight, defeat, unnamed reveal; never removed, so they can be fought again.
"""

from __future__ import annotations

from collections.abc import Callable

from .model import START_CARD
from .placement import (
    ANY,
    BEFORE_ENDING,
    BEGINNING,
    BOTTOM,
    ENDING,
    FIRST_HALF,
    MIDDLE,
    SECOND_HALF,
    TOP,
    HalfDraft,
    QuestBuilder,
    Step,
    StepWriter,
)

VILLAINS = 5
ENEMY_NAMES = 4
ENEMY_TEXTS = 3

MAIN_QUESTS = (
    "main_the_boss",
    "main_the_missing_key",
    "main_the_general",
    "main_the_final_form",
    "main_the_curse",
)
SIDE_QUESTS = (
    "side_the_reward",
    "side_the_hostage",
    "side_the_lost_technique",
    "side_the_forge",
    "side_the_chest",
    "side_the_trap",
    "side_the_theft",
)
LOWER_EVENTS = ("event_healer", "event_banner_challenge", "event_dark_ritual")
MID_EVENT_ACTIONS: dict[str, str | None] = {
    "event_shop": "shop",
    "event_swap": "swap",
    "event_recover": "recover",
    "event_quiet": None,
    "event_weakness": "weakness",
    "event_camp": "camp",
    "event_migration": "migration",
    "event_observatory": "observatory",
    "event_gambler": "gambling",
    "event_sacrifice": "sacrifice",
}
MID_EVENTS = tuple(MID_EVENT_ACTIONS)
EVENTS = LOWER_EVENTS + MID_EVENTS

# enemy quests: id -> (group, tier, difficulty, sides, timing), section 6.8
ENEMY_QUESTS: dict[str, tuple[str, str, str, tuple[int, ...], int]] = {
    "enemy_upper_lvl1": ("enemy_upper", "lvl1", "hard", (TOP,), FIRST_HALF),
    "enemy_upper_lvl2": ("enemy_upper", "lvl2", "hard", (TOP,), FIRST_HALF),
    "enemy_mid_lvl3": ("enemy_mid", "lvl3", "normal", (TOP, BOTTOM), MIDDLE),
    "enemy_lower_lvl2": ("enemy_lower", "lvl2", "normal", (BOTTOM,), SECOND_HALF),
    "enemy_lower_lvl4": ("enemy_lower", "lvl4", "normal", (BOTTOM,), SECOND_HALF),
    "enemy_lower_lvl5": ("enemy_lower", "lvl5", "normal", (BOTTOM,), BEFORE_ENDING),
}
UPPER_ENEMIES = ("enemy_upper_lvl1", "enemy_upper_lvl2")
MID_ENEMIES = ("enemy_mid_lvl3",)
LOWER_ENEMIES = ("enemy_lower_lvl2", "enemy_lower_lvl4", "enemy_lower_lvl5")

THEFT_BOXES = ("", "a", "a", "b", "a", "a")
THEFT_END = "b"


def _pool(q: QuestBuilder, prefix: str, n: int) -> str:
    return f"{prefix}.{q.rng.roll(n, label=prefix)}"


# -- main quests -------------------------------------------------------------------------
def _start_card(q: QuestBuilder, quest: str) -> tuple[HalfDraft, HalfDraft]:
    mission = q.place(Step(cards=(START_CARD,), sides=(TOP,)), "main.mission", quest)
    victory = q.place(Step(cards=(START_CARD,), sides=(BOTTOM,)), "main.victory", quest)
    return mission, victory


def _write_start(q: QuestBuilder, quest: str, mission: HalfDraft, victory: HalfDraft) -> None:
    q.writer(mission).text(f"{quest}.mission")
    q.writer(victory).text(f"{quest}.victory").win()


def _boss_lines(w: StepWriter, villain: str, *, remove: bool = True) -> None:
    """Villain intro, the boss fight, its defeat, reveal 1B (the victory), remove."""
    w.text(f"{villain}.intro").fight("boss", "normal").text(f"{villain}.defeat")
    w.reveal(START_CARD)
    if remove:
        w.remove()


def _main(quest: str) -> Callable[[QuestBuilder], None]:
    def place(q: QuestBuilder) -> None:
        villain = _pool(q, "villain", VILLAINS)
        mission, victory = _start_card(q, quest)
        boss_step = Step(sides=(BOTTOM,), timing=ENDING)
        if quest == "main_the_boss":
            boss = q.place(boss_step, villain, quest)
            _write_start(q, quest, mission, victory)
            _boss_lines(q.writer(boss), villain)
        elif quest == "main_the_missing_key":
            key = q.place(Step(sides=(BOTTOM,), timing=MIDDLE), f"{quest}.key", quest)
            boss = q.place(boss_step, villain, quest)
            _write_start(q, quest, mission, victory)
            q.writer(key).text(f"{quest}.found").reveal(boss.card)
            _boss_lines(q.writer(boss), villain)
        elif quest == "main_the_general":
            general = q.place(Step(sides=(BOTTOM,), timing=MIDDLE), f"{quest}.general", quest)
            boss = q.place(boss_step, villain, quest)
            _write_start(q, quest, mission, victory)
            w = q.writer(general).text(f"{quest}.intro").fight("lvl3", "hard")
            w.text(f"{quest}.defeat").remove()
            w = q.writer(boss)
            w.blank_if_mapped(f"{general.card}A").blank_if_mapped(f"{general.card}B")
            _boss_lines(w, villain)
        elif quest == "main_the_final_form":
            first = q.place(Step(sides=(TOP,), whole_card=True, timing=ENDING), villain, quest)
            final = q.place(
                Step(sides=(BOTTOM,), same_as=first.id, timing=ENDING), f"{quest}.final", quest
            )
            _write_start(q, quest, mission, victory)
            w = q.writer(first).text(f"{villain}.intro").fight("lvl4", "hard")
            w.text(f"{quest}.transform").reveal(first.card)
            w = q.writer(final).text(f"{quest}.rise")
            _boss_lines(w, villain, remove=False)
        else:  # main_the_curse
            curse = q.place(Step(sides=(BOTTOM,), timing=SECOND_HALF), f"{quest}.curse", quest)
            boss = q.place(boss_step, villain, quest)
            _write_start(q, quest, mission, victory)
            w = q.writer(curse).text(f"{quest}.text")
            w.act("curse")
            w.reveal(boss.card)
            w.remove()
            _boss_lines(q.writer(boss), villain)

    return place


# -- side quests -------------------------------------------------------------------------
def _guarded_card(q: QuestBuilder, quest: str, foe: str, tier: str, difficulty: str) -> None:
    """The reward and the hostage: a whole card, the foe on top guarding its own back."""
    top = q.place(Step(sides=(TOP,), whole_card=True), f"{quest}.{foe}", quest)
    back = q.place(Step(sides=(BOTTOM,), same_as=top.id), f"{quest}.back", quest)
    w = q.writer(top).text(f"{quest}.intro").fight(tier, difficulty)
    w.reveal(top.card)
    w = q.writer(back).text(f"{quest}.thanks")
    if quest == "side_the_reward":
        w.act("heal", may=True)
        w.remove(may=False)
    else:  # the hostage: one of four element variants of the helper, air included
        w.act("hostage", may=True)
        w.remove()


def _side_the_reward(q: QuestBuilder) -> None:
    _guarded_card(q, "side_the_reward", "foe", "lvl3", "normal")


def _side_the_hostage(q: QuestBuilder) -> None:
    _guarded_card(q, "side_the_hostage", "captor", "lvl3", "hard")


def _side_the_lost_technique(q: QuestBuilder) -> None:
    quest = "side_the_lost_technique"
    pupil = q.place(Step(sides=(BOTTOM,), timing=SECOND_HALF), f"{quest}.pupil", quest)
    master = q.place(Step(sides=(BOTTOM,), cards=(5, 6)), f"{quest}.master", quest)
    w = q.writer(pupil).text(f"{quest}.pupil_intro").fight("lvl3", "hard")
    w.text(f"{quest}.pupil_defeat").reveal(master.card)
    w = q.writer(master).text(f"{quest}.master_intro").fight("lvl4", "hard")
    w.text(f"{quest}.master_defeat").act("pick")


def _side_the_forge(q: QuestBuilder) -> None:
    quest = "side_the_forge"
    forge = q.place(Step(sides=(BOTTOM,), cards=(5, 6)), f"{quest}.title", quest)
    q.writer(forge).text(f"{quest}.text").act("forge")


def _locked(quest: str, difficulty: str) -> Callable[[QuestBuilder], None]:
    """The chest and the trap: you may walk away from the fight; the prize, then remove."""

    def place(q: QuestBuilder) -> None:
        half = q.place(Step(sides=(BOTTOM,), timing=SECOND_HALF), f"{quest}.title", quest)
        tier = q.rng.choice(("lvl3", "lvl4"), label=f"{quest} tier")
        w = q.writer(half).text(f"{quest}.text")
        w.act("stop_fight")
        w.fight(tier, difficulty)
        w.act("loot")
        w.remove(may=False)

    return place


def _side_the_theft(q: QuestBuilder) -> None:
    quest = "side_the_theft"
    top = q.place(Step(sides=(TOP,), whole_card=True, timing=BEGINNING), f"{quest}.title", quest)
    guards = q.place(Step(sides=(BOTTOM,), same_as=top.id), f"{quest}.guards", quest)
    keeper = q.place(Step(sides=(BOTTOM,)), f"{quest}.keeper", quest)
    w = q.writer(top).text(f"{quest}.text")
    branch = w.tick_bar("theft", THEFT_BOXES, THEFT_END)
    branch["a"].reveal(top.card)
    branch["b"].reveal(keeper.card)
    branch["b"].remove()
    w = q.writer(guards).text(f"{quest}.guards_intro").fight("lvl2", "normal")
    w.text(f"{quest}.guards_defeat").remove()
    w = q.writer(keeper).text(f"{quest}.keeper_intro").fight("lvl3", "normal")
    w.act("heal")
    w.remove()


# -- events ------------------------------------------------------------------------------
def _lower_event(event: str) -> Callable[[QuestBuilder], None]:
    def place(q: QuestBuilder) -> None:
        half = q.place(Step(sides=(BOTTOM,), timing=SECOND_HALF), f"{event}.title", event)
        w = q.writer(half).text(f"{event}.text")
        if event == "event_healer":
            w.act("heal")
        else:
            w.act("banner_challenge" if event == "event_banner_challenge" else "ritual")
            w.reveal()
        w.remove()

    return place


def _mid_event(event: str) -> Callable[[QuestBuilder], None]:
    kind = MID_EVENT_ACTIONS[event]

    def place(q: QuestBuilder) -> None:
        half = q.place(Step(timing=MIDDLE), f"{event}.title", event)
        w = q.writer(half).text(f"{event}.text")
        if kind is not None:
            w.act(kind)
        if event != "event_shop":
            w.reveal()
        w.remove(only_bottom=True)

    return place


# -- enemies -----------------------------------------------------------------------------
def _enemy(quest: str) -> Callable[[QuestBuilder], None]:
    group, tier, difficulty, sides, timing = ENEMY_QUESTS[quest]

    def place(q: QuestBuilder) -> None:
        title = _pool(q, f"{group}.name", ENEMY_NAMES)
        half = q.place(Step(sides=sides, timing=timing), title, group)
        w = q.writer(half).text(_pool(q, f"{group}.intro", ENEMY_TEXTS))
        w.fight(tier, difficulty).text(_pool(q, f"{group}.defeat", ENEMY_TEXTS))
        w.reveal()

    return place


QUESTS: dict[str, Callable[[QuestBuilder], None]] = {
    **{quest: _main(quest) for quest in MAIN_QUESTS},
    "side_the_reward": _side_the_reward,
    "side_the_hostage": _side_the_hostage,
    "side_the_lost_technique": _side_the_lost_technique,
    "side_the_forge": _side_the_forge,
    "side_the_chest": _locked("side_the_chest", "hard_lock"),
    "side_the_trap": _locked("side_the_trap", "hard_trap"),
    "side_the_theft": _side_the_theft,
    **{event: _lower_event(event) for event in LOWER_EVENTS},
    **{event: _mid_event(event) for event in MID_EVENTS},
    **{quest: _enemy(quest) for quest in ENEMY_QUESTS},
}
"""Every quest id -> the function that places it (raises NoRoom when it does not fit)."""

__all__ = [
    "ANY",
    "ENEMY_QUESTS",
    "EVENTS",
    "LOWER_ENEMIES",
    "LOWER_EVENTS",
    "MAIN_QUESTS",
    "MID_ENEMIES",
    "MID_EVENTS",
    "QUESTS",
    "SIDE_QUESTS",
    "UPPER_ENEMIES",
]
