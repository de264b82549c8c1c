/*
 * arw.h — the ARW (GMT American Revolutionary War series, Savannah) rule
 * module as its files see one another.  Include this one header; it pulls
 * in the model and every group's interface:
 *
 *   types.h              sizes, static unit types, terrain, tables
 *   cards/carddata.h     the event cards' static records
 *   savannah/savdata.h   the Savannah strategic file's static data
 *   state.h              arw_data (the loaded scenario), arw_state (the
 *                        game: one plain struct, one memcpy), accessors
 *   frame/frame.h        sequence of play, tasks, resolution context, text
 *   load/load.h          the loader's entry points (JSON stays in load/)
 *   board/board.h        occupancy, stacking, ZOC, leaders and command
 *   move/move.h          the movement phase (GR7-GR9, SR4.7, SR4.9, SR4.10)
 *   fire/fire.h          the fire phases (GR10, GR11, SR4.12)
 *   combat/combat.h      close combat, morale, rally, odds (GR12-GR16)
 *   cards/cards.h        the random event cards (SR4.3, Part G)
 *   savannah/savannah.h  the strategic layer, victory and the Savannah
 *                        close-combat, command and morale rules
 *   inspect/inspect.h    edit, setup, queries, description, sanity,
 *                        evaluation
 *
 * A group's internals stay in its folder: move/mvint.h, fire/fireint.h,
 * cards/cardint.h, load/loadint.h (the only JSON readers).
 *
 * Sides are the players: 0 "british", 1 "allied".  Armies are British,
 * French and American (the Allied side has two armies, SR1.3).
 * Rule references are the spec ids of shared/rules/arw-savannah.md.
 */
#ifndef ARW_H
#define ARW_H

#include "state.h"

#include "frame/frame.h"
#include "load/load.h"
#include "board/board.h"
#include "move/move.h"
#include "fire/fire.h"
#include "combat/combat.h"
#include "cards/cards.h"
#include "savannah/savannah.h"
#include "inspect/inspect.h"

#endif
