/* schema.h — the JdG action, event, roll-purpose, decision and outcome
 * numbers and the name tables ops.c defines (included by jdg.h; split
 * from it to keep each header short). */
#ifndef JDG_SCHEMA_H
#define JDG_SCHEMA_H

#include "gr_internal.h"

enum jdg_action_kind {
    JDG_A_ORDERS = 0,      /* orders by=P g1..g8 (group leaders)           */
    JDG_A_PICK,            /* pick by=P ma=M                               */
    JDG_A_NO_PICK,         /* no-pick by=P                                 */
    JDG_A_INITIATIVE,      /* initiative by=P group=U (commander test)     */
    JDG_A_REDUCED,         /* reduced by=P group=U (NO_ORDERS option 2)    */
    JDG_A_END_STEP,        /* end-step by=P                                */
    JDG_A_END_ACTIVATION,  /* end-activation by=P                          */
    JDG_A_MOVE,            /* move by=P unit=U to=HEX: one hex, normal move */
    JDG_A_MARCH,           /* march by=P unit=U to=HEX: one hex, forced march */
    JDG_A_STOP,            /* stop by=P unit=U facing=F: end of its move    */
    JDG_A_SQUARE,          /* square by=P unit=U: its stack forms square    */
    JDG_A_UNSQUARE,        /* unsquare by=P unit=U: its stack leaves square */
    JDG_A_ENTER,           /* enter by=P unit=U mode=forced|normal [5.2.2]  */
    JDG_A_LEAD,            /* lead by=P cinc=C to=HEX: C-in-C one hex       */
    JDG_A_HALT,            /* halt by=P cinc=C: end of his move             */
    JDG_A_CINC_RETREAT,    /* cinc-retreat by=P cinc=C to=HEX [R2.5.2-a]    */
    JDG_A_CINC_STAY,       /* cinc-stay by=P cinc=C [R2.5.2-a]              */
    JDG_A_PIVOT,           /* pivot by=P unit=U facing=F [R7.2-d]           */
    JDG_A_FIRE,            /* fire by=P unit=U at=HEX with=U2|- [7]         */
    JDG_A_RETREAT,         /* retreat by=P unit=U to=HEX [R10.2-c]          */
    JDG_A_COUNTER,         /* counter-battery by=P unit=U [R7.1-b]          */
    JDG_A_NO_COUNTER,      /* no-counter-battery by=P                       */
    JDG_A_RELEASE,         /* release by=P unit=U: drop reinforcement status */
    JDG_A_SHOCK,           /* shock by=P unit=U at=HEX: declare [R8.3.1]    */
    JDG_A_RESOLVE,         /* resolve by=P at=HEX: the combat on HEX [5.1]  */
    JDG_A_REACT,           /* react by=P unit=GUN at=HEX [R8.3.3]           */
    JDG_A_NO_REACT,        /* no-reaction by=P                              */
    JDG_A_ADVANCE,         /* advance by=P unit=U to=HEX facing=F [R8.7.1]  */
    JDG_A_BREAK,           /* breakthrough by=P [R8.7.2-c]                  */
    JDG_A_NO_BREAK,        /* no-breakthrough by=P                          */
    JDG_A_CSHOCK,          /* counter-shock by=P unit=U to=HEX at=HEX [R8.7.2-d] */
    JDG_A_NO_CSHOCK,       /* no-counter-shock by=P                         */
    JDG_A_REFUSE,          /* refuse by=P unit=U to=HEX via=HEX|- [R8.8]    */
    JDG_A_NO_REFUSE,       /* no-refusal by=P                               */
    JDG_A_NO_ADVANCE,      /* no-advance by=P (after a refusal, R8.8.1-i)   */
    JDG_A_ROUT,            /* rout by=P unit=U to=HEX: one hex of a rout move */
    JDG_A_ROUT_STOP,       /* rout-stop by=P unit=U [R10.4-d]               */
    JDG_A_CHARGE,          /* charge by=P unit=U at=HEX [R9.1-c]            */
    JDG_A_FORM_SQUARE,     /* form-square by=P at=HEX [R9.3.1]              */
    JDG_A_NO_SQUARE,       /* no-square by=P                                */
    JDG_A_CCHARGE,         /* counter-charge by=P at=HEX [R9.4]             */
    JDG_A_NO_CCHARGE,      /* no-counter-charge by=P                        */
    JDG_A_HOLD,            /* hold by=P unit=U to=HEX facing=F [R9.3.3]     */
    JDG_A_NO_HOLD,         /* no-hold by=P: that stack charges              */
    JDG_A_REORGANISE,      /* reorganise by=P unit=U facing=F [R11.1]       */
    JDG_A_ROUT_UNIT,       /* rout-unit by=P unit=U: its Phase E rout move [R10.4-c] */
    JDG_A_ROUT_STAY,       /* rout-stay by=P unit=U: it stays in its town [R10.4-d] */
    JDG_A_PURSUE,          /* pursue by=P unit=U to=HEX facing=F [R9.5.2-c/e] */
    JDG_A_NO_PURSUIT,      /* no-pursuit by=P: the counter-charger stays [R9.4-e] */
    JDG_A_EXIT,            /* exit by=P unit=U: leave the map at the scenario's exit */
    JDG_A_RESTACK,         /* restack by=P unit=U: to the top of its stack [R5.1.2-c] */
    JDG_A_ROUT_SHORT,      /* rout-short by=P unit=U: one hex less [R10.4-f] */
    JDG_A_MOVE_TO,         /* move-to by=P unit=U to=HEX facing=F mode=normal|forced:
                            * a whole move, its cheapest path, then stop [R4.4.1] */
    JDG_NACTIONS
};

enum jdg_event_kind {
    JDG_E_TURN = GR_EV_SYSTEM,
    JDG_E_GROUPS,
    JDG_E_ORDERS_GIVEN,
    JDG_E_ORDERS_SECRET,
    JDG_E_INITIATIVE,
    JDG_E_PICKED,
    JDG_E_MAC_PLACED,
    JDG_E_CUP,
    JDG_E_ACTIVATE,
    JDG_E_ORDER_REVEALED,
    JDG_E_CMD_INITIATIVE,
    JDG_E_MODE,
    JDG_E_STEP,
    JDG_E_ACTIVATION_END,
    JDG_E_LAST_MA,
    JDG_E_PHASE_END,
    JDG_E_GAME_END,
    JDG_E_MOVED,
    JDG_E_STOPPED,
    JDG_E_SQUARE,
    JDG_E_ENTERED,
    JDG_E_REINF_LOST,
    JDG_E_CINC_MOVED,
    JDG_E_CINC_CONTACT,
    JDG_E_CINC_ELIMINATED,
    JDG_E_FIRE,
    JDG_E_CT,
    JDG_E_STATUS,
    JDG_E_RETREATED,
    JDG_E_SHOCK_DECLARED,
    JDG_E_ET,
    JDG_E_SHOCK,
    JDG_E_SHOCK_EFFECT,
    JDG_E_ADVANCED,
    JDG_E_LONE_ART,
    JDG_E_REFUSED,
    JDG_E_ROUT_MOVED,
    JDG_E_CHARGE,
    JDG_E_SQUARE_TRY,
    JDG_E_HELD,
    JDG_E_REORG,
    JDG_E_DEMORALISED,
    JDG_E_VICTORY,
    JDG_E_PURSUED,
    JDG_E_EXITED,
    JDG_E_END_
};
#define JDG_NEVENTS (JDG_E_END_ - GR_EV_SYSTEM)

enum jdg_purpose {
    JDG_P_STRATEGIC = 0, JDG_P_COMMANDER = 1, JDG_P_MA_DRAW = 2, JDG_P_FIRE = 3, JDG_P_COHESION = 4,
    JDG_P_CONTACT = 5, JDG_P_SHOCK = 6, JDG_P_REORG = 7
};

/* Decision kinds (gr_pending.decision). */
enum jdg_decision {
    JDG_D_ORDERS = 0, JDG_D_PICK, JDG_D_OPTION, JDG_D_FIRE, JDG_D_MOVE, JDG_D_SHOCK,
    JDG_D_REORG, JDG_D_CONTACT, JDG_D_RETREAT, JDG_D_COUNTER, JDG_D_REACT, JDG_D_ADVANCE,
    JDG_D_BREAK, JDG_D_CSHOCK, JDG_D_REFUSE, JDG_D_ROUT, JDG_D_SQUARE, JDG_D_CCHARGE,
    JDG_D_HOLD, JDG_D_PHASE_E, JDG_D_PURSUIT,
    JDG_D_NONE
};

/* How a game ends [R13.1, R13.2, AMB-31]: outcome - JDG_O_DRAW is the
 * level, positive for the French, negative for the Allies. */
enum jdg_outcome {
    JDG_O_FRENCH_AUTO = 0, JDG_O_FRENCH_DECISIVE, JDG_O_FRENCH, JDG_O_DRAW, JDG_O_ALLIED,
    JDG_O_ALLIED_DECISIVE, JDG_O_ALLIED_AUTO
};

/* How an activation started (JDG_E_ACTIVATE "how"). */
enum { JDG_HOW_PICKED = 0, JDG_HOW_DRAWN = 1, JDG_HOW_FORCED = 2 };

extern const char *const jdg_player_names[];
extern const char *const jdg_order_names[];
extern const char *const jdg_mode_names[];
extern const char *const jdg_step_names[];
extern const char *const jdg_status_names[];
extern const char *const jdg_maloc_names[];
extern const char *const jdg_sr_names[];
extern const gr_kind jdg_actions[];
extern const gr_kind jdg_events[];

#endif
