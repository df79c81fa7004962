//! The control-flow graph of a function, built from CIR's structured flows.
//!
//! CIR keeps control flow structured (`If`, `While`, `For`, `Try`, …); analyses that ask "what
//! happened on every path to here" need the paths themselves. A [`Cfg`] lists basic blocks of
//! [`Inst`]s in evaluation order (a value's operands come before it) with their successors.
//!
//! Exceptions: inside a `try`, every instruction that may raise ends its block with an edge to
//! the `try`'s handlers (or to its `finally`). Outside any `try`, an exception leaves the
//! function and adds no edge. A `finally` body appears once per distinct continuation (falling
//! through, re-raising, returning, breaking to one loop…), so no path through a `finally`
//! merges with another: a `return` inside `try` reaches `finally` and then the exit, never the
//! code after the `try`.

use std::collections::{HashMap, HashSet};

use crate::module::Module;
use crate::node::{FuncId, FuncKind, ValueId, ValueKind, VarId};

/// Index of a block in [`Cfg::blocks`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// One step of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inst {
    /// The value is computed here (after its operands, which are earlier steps). For a
    /// `For` loop, the step where the next item is fetched.
    Value(ValueId),
    /// A construct binds `var` here without an `Assign`: a loop's variable at the start of its
    /// body, an `except … as` name at the start of its handler. `body` is the flow that starts
    /// with the binding.
    Bind { var: VarId, body: ValueId },
}

/// A straight-line run of steps.
#[derive(Debug, Clone, Default)]
pub struct Block {
    pub insts: Vec<Inst>,
    pub succs: Vec<BlockId>,
    pub preds: Vec<BlockId>,
}

/// A function's control-flow graph.
#[derive(Debug, Clone)]
pub struct Cfg {
    pub blocks: Vec<Block>,
    pub entry: BlockId,
    /// Where `return` and the end of the body lead.
    pub exit: BlockId,
    /// The block whose end is the end of the body (its edge to `exit` is a fall-through).
    pub fall_through: BlockId,
}

impl Cfg {
    /// The graph of function `f`'s body (`None` for functions without one). Calls of functions
    /// in `noreturn` end their path.
    pub fn build(m: &Module, f: FuncId, noreturn: &HashSet<FuncId>) -> Option<Cfg> {
        Self::build_knowing(m, f, noreturn, &HashMap::new())
    }

    /// Like [`Cfg::build`], with the conditions in `known` taken to always have their value
    /// there (see [`super::conditions`]): their other branch is no path.
    pub fn build_knowing(
        m: &Module,
        f: FuncId,
        noreturn: &HashSet<FuncId>,
        known: &HashMap<ValueId, bool>,
    ) -> Option<Cfg> {
        let FuncKind::Bodied { body, .. } = &m.func(f).kind else {
            return None;
        };
        let mut b = Builder {
            m,
            noreturn,
            known,
            blocks: vec![Block::default(), Block::default()],
            cur: BlockId(0),
            frames: vec![],
        };
        b.value(*body);
        let fall_through = b.cur;
        b.edge(fall_through, BlockId(1));
        Some(Cfg {
            blocks: b.blocks,
            entry: BlockId(0),
            exit: BlockId(1),
            fall_through,
        })
    }

    /// The block with this id.
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }

    /// Every block reachable from the entry.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.blocks.len()];
        let mut stack = vec![self.entry];
        while let Some(b) = stack.pop() {
            if std::mem::replace(&mut seen[b.0 as usize], true) {
                continue;
            }
            stack.extend(self.block(b).succs.iter().copied());
        }
        seen
    }

    /// Reachable blocks in reverse post-order (each block before its successors, loops aside):
    /// the order in which forward data-flow problems converge fastest.
    pub fn reverse_post_order(&self) -> Vec<BlockId> {
        let mut seen = vec![false; self.blocks.len()];
        let mut order = Vec::new();
        let mut stack = vec![(self.entry, 0usize)];
        seen[self.entry.0 as usize] = true;
        while let Some((b, i)) = stack.pop() {
            let succs = &self.block(b).succs;
            if i < succs.len() {
                stack.push((b, i + 1));
                let s = succs[i];
                if !std::mem::replace(&mut seen[s.0 as usize], true) {
                    stack.push((s, 0));
                }
            } else {
                order.push(b);
            }
        }
        order.reverse();
        order
    }

    /// Whether the end of the body can be reached: the function can fall off its end.
    pub fn falls_through(&self) -> bool {
        self.reachable()[self.fall_through.0 as usize]
    }

    /// Whether the exit can be reached at all (by `return` or by falling through).
    pub fn returns(&self) -> bool {
        self.reachable()[self.exit.0 as usize]
    }
}

/// Where a jump goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Jump {
    Break,
    Continue,
    Return,
    Raise,
}

/// A construct enclosing the code being built, that jumps may leave or land in.
enum Frame {
    Loop {
        cont: BlockId,
        brk: BlockId,
    },
    Catch {
        landing: BlockId,
    },
    /// A `try` with a `finally`: each entry is a block that runs the `finally` body and then
    /// goes on to a continuation (`None`: the exception leaves the function).
    Finally {
        entries: Vec<(BlockId, Option<BlockId>)>,
    },
}

struct Builder<'m> {
    m: &'m Module,
    noreturn: &'m HashSet<FuncId>,
    known: &'m HashMap<ValueId, bool>,
    blocks: Vec<Block>,
    cur: BlockId,
    frames: Vec<Frame>,
}

impl Builder<'_> {
    fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block::default());
        BlockId(self.blocks.len() as u32 - 1)
    }

    fn edge(&mut self, from: BlockId, to: BlockId) {
        self.blocks[from.0 as usize].succs.push(to);
        self.blocks[to.0 as usize].preds.push(from);
    }

    fn push(&mut self, inst: Inst) {
        self.blocks[self.cur.0 as usize].insts.push(inst);
    }

    /// Continues in a new block nothing leads to (after a jump).
    fn dead(&mut self) {
        self.cur = self.new_block();
    }

    /// Continues in a new block that follows the current one.
    fn fall_into(&mut self, next: BlockId) {
        self.edge(self.cur, next);
        self.cur = next;
    }

    /// The block a jump of kind `jump` from inside `frames[..upto]` lands in; `None` when it
    /// leaves the function by an exception (or names no loop).
    fn resolve(&mut self, jump: Jump, upto: usize) -> Option<BlockId> {
        for j in (0..upto).rev() {
            match &self.frames[j] {
                Frame::Loop { cont, brk } => match jump {
                    Jump::Break => return Some(*brk),
                    Jump::Continue => return Some(*cont),
                    _ => {}
                },
                Frame::Catch { landing } if jump == Jump::Raise => return Some(*landing),
                Frame::Catch { .. } => {}
                Frame::Finally { .. } => {
                    let pending = self.new_block();
                    let cont = self.resolve(jump, j);
                    if let Frame::Finally { entries } = &mut self.frames[j] {
                        entries.push((pending, cont));
                    }
                    return Some(pending);
                }
            }
        }
        (jump == Jump::Return).then_some(BlockId(1))
    }

    /// Ends the current path with a jump.
    fn jump(&mut self, jump: Jump) {
        if let Some(to) = self.resolve(jump, self.frames.len()) {
            self.edge(self.cur, to);
        }
        self.dead();
    }

    /// The current step may raise: inside a `try`, the block ends with an edge to where the
    /// exception goes, besides the normal path.
    fn may_raise(&mut self) {
        if !self
            .frames
            .iter()
            .any(|f| matches!(f, Frame::Catch { .. } | Frame::Finally { .. }))
        {
            return;
        }
        if let Some(to) = self.resolve(Jump::Raise, self.frames.len()) {
            self.edge(self.cur, to);
            let next = self.new_block();
            self.fall_into(next);
        }
    }

    fn constant_bool(&self, v: ValueId) -> Option<bool> {
        constant_bool(self.m, self.known, v)
    }

    /// Branches on `cond` (already built) into `then` and `other`, joining after them.
    fn branch(&mut self, cond: ValueId, then: ValueId, other: Option<ValueId>) {
        let known = self.constant_bool(cond);
        let (from, then_b, else_b, join) = (
            self.cur,
            self.new_block(),
            self.new_block(),
            self.new_block(),
        );
        if known != Some(false) {
            self.edge(from, then_b);
        }
        if known != Some(true) {
            self.edge(from, else_b);
        }
        self.cur = then_b;
        self.value(then);
        self.fall_into(join);
        self.cur = else_b;
        if let Some(o) = other {
            self.value(o);
        }
        self.fall_into(join);
    }

    /// Builds a loop whose header is the current block (after its test) and whose body starts
    /// with `bind`.
    fn loop_body(&mut self, header: BlockId, body: ValueId, bind: Option<VarId>, may_end: bool) {
        let (test_end, body_b, after) = (self.cur, self.new_block(), self.new_block());
        self.edge(test_end, body_b);
        if may_end {
            self.edge(test_end, after);
        }
        self.cur = body_b;
        if let Some(var) = bind {
            self.push(Inst::Bind { var, body });
        }
        self.frames.push(Frame::Loop {
            cont: header,
            brk: after,
        });
        self.value(body);
        self.frames.pop();
        self.edge(self.cur, header);
        self.cur = after;
    }

    fn value(&mut self, v: ValueId) {
        use ValueKind::*;
        let kind = &self.m.value(v).kind;
        match kind {
            Ternary { cond, then, other } => {
                self.value(*cond);
                self.branch(*cond, *then, Some(*other));
                self.push(Inst::Value(v));
            }
            If { cond, then, other } => {
                self.value(*cond);
                self.branch(*cond, *then, *other);
            }
            Return(x) => {
                if let Some(x) = x {
                    self.value(*x);
                }
                self.push(Inst::Value(v));
                self.jump(Jump::Return);
            }
            Break | Continue => {
                self.push(Inst::Value(v));
                self.jump(if matches!(kind, Break) {
                    Jump::Break
                } else {
                    Jump::Continue
                });
            }
            Throw(x) => {
                self.value(*x);
                self.push(Inst::Value(v));
                self.jump(Jump::Raise);
            }
            Series(items) => {
                for item in items {
                    self.value(*item);
                }
            }
            While { cond, body } => {
                let header = self.new_block();
                self.fall_into(header);
                self.value(*cond);
                let forever = self.constant_bool(*cond) == Some(true);
                self.loop_body(header, *body, None, !forever);
            }
            For { iter, var, body } => {
                self.value(*iter);
                let header = self.new_block();
                self.fall_into(header);
                self.push(Inst::Value(v));
                self.may_raise();
                self.loop_body(header, *body, Some(*var), true);
            }
            ImperativeFor {
                start,
                end,
                var,
                body,
                ..
            } => {
                self.value(*start);
                self.value(*end);
                let header = self.new_block();
                self.fall_into(header);
                self.push(Inst::Value(v));
                self.loop_body(header, *body, Some(*var), true);
            }
            Try {
                body,
                handlers,
                orelse,
                finally,
            } => self.try_flow(*body, handlers, *orelse, *finally),
            Call { func, .. } => {
                for a in kind.operands() {
                    self.value(a);
                }
                self.push(Inst::Value(v));
                if !matches!(self.m.func(*func).kind, FuncKind::Llvm { .. }) {
                    self.may_raise();
                }
                if self.noreturn.contains(func) {
                    self.dead();
                }
            }
            CallIndirect { .. } => {
                for a in kind.operands() {
                    self.value(a);
                }
                self.push(Inst::Value(v));
                self.may_raise();
            }
            _ => {
                for a in kind.operands() {
                    self.value(a);
                }
                self.push(Inst::Value(v));
            }
        }
    }

    fn try_flow(
        &mut self,
        body: ValueId,
        handlers: &[crate::node::Handler],
        orelse: Option<ValueId>,
        finally: Option<ValueId>,
    ) {
        let after = self.new_block();
        let finally_frame = finally.map(|_| {
            self.frames.push(Frame::Finally { entries: vec![] });
            self.frames.len() - 1
        });
        let landing = (!handlers.is_empty()).then(|| {
            let landing = self.new_block();
            self.frames.push(Frame::Catch { landing });
            landing
        });
        self.value(body);
        if landing.is_some() {
            self.frames.pop();
        }
        if let Some(o) = orelse {
            self.value(o);
        }
        self.complete(finally_frame, after);
        if let Some(landing) = landing {
            for h in handlers {
                let hb = self.new_block();
                self.edge(landing, hb);
                self.cur = hb;
                if let Some(var) = h.var {
                    self.push(Inst::Bind { var, body: h.body });
                }
                self.value(h.body);
                self.complete(finally_frame, after);
            }
            if handlers.iter().all(|h| !h.types.is_empty()) {
                if let Some(to) = self.resolve(Jump::Raise, self.frames.len()) {
                    self.edge(landing, to);
                }
            }
        }
        if let (Some(_), Some(fin), Some(Frame::Finally { entries })) =
            (finally_frame, finally, self.frames.last())
        {
            let entries = entries.clone();
            self.frames.pop();
            let mut conts: Vec<Option<BlockId>> = Vec::new();
            for (_, c) in &entries {
                if !conts.contains(c) {
                    conts.push(*c);
                }
            }
            for cont in conts {
                let copy = self.new_block();
                for (from, _) in entries.iter().filter(|(_, c)| *c == cont) {
                    self.edge(*from, copy);
                }
                self.cur = copy;
                self.value(fin);
                if let Some(to) = cont {
                    self.edge(self.cur, to);
                }
            }
        }
        self.cur = after;
    }

    /// The current path completes its `try` part normally: on to the `finally` (then `after`)
    /// or straight to `after`.
    fn complete(&mut self, finally_frame: Option<usize>, after: BlockId) {
        match finally_frame {
            Some(j) => {
                let pending = self.new_block();
                self.edge(self.cur, pending);
                if let Frame::Finally { entries } = &mut self.frames[j] {
                    entries.push((pending, Some(after)));
                }
            }
            None => self.edge(self.cur, after),
        }
        self.dead();
    }
}

/// The value condition `v` always has: a constant, a condition in `known`, or `not` of one
/// (`c ? false : true`).
pub fn constant_bool(m: &Module, known: &HashMap<ValueId, bool>, v: ValueId) -> Option<bool> {
    if let Some(k) = known.get(&v) {
        return Some(*k);
    }
    match m.value(v).kind {
        ValueKind::BoolConst(b) => Some(b),
        ValueKind::Ternary { cond, then, other } => {
            let c = constant_bool(m, known, cond)?;
            constant_bool(m, known, if c { then } else { other })
        }
        _ => None,
    }
}
