import Dispatch

/// A progress line on standard error for a command that goes through every step of a
/// recording, which takes seconds on a long one without states (each state is replayed):
/// shown only when standard error is a terminal (``CLIContext/showsProgress``) and the
/// command has printed nothing for `delay` (since it started, or since its last line),
/// rewritten at most ten times a second, and taken away before the command prints and when
/// it ends, so that nothing of it is left in the output.
///
/// The steps may come forward or back (`step`'s `reverse-continue` searches back).
///
/// Off a terminal every call returns at once, so a command may note every step it makes and
/// every line it prints.
final class StepProgress {
    private let context: CLIContext
    private let label: String
    private let total: Int?
    private let delay: UInt64
    /// Whether the line may be shown at all (``CLIContext/showsProgress``), asked once.
    private let enabled: Bool
    /// Since when the command has printed nothing.
    private var quietSince = DispatchTime.now().uptimeNanoseconds
    /// The step at which the clock was last read: it is read again 1,024 steps away, either
    /// way, as reading it (or the context) at every step would cost more than some steps.
    private var lastCheck: Int?
    private var lastShown: UInt64 = 0
    private var shown = false

    /// - Parameters:
    ///   - context: Where the line goes (standard error).
    ///   - label: What is going on, such as the command's name.
    ///   - total: How many steps there are, shown as "step N of total"; `nil` for a line
    ///     that shows the step alone, for a search going back, which ends at step 1.
    ///   - delay: How long the command runs before the line appears, in nanoseconds; by
    ///     default the context's ``CLIContext/progressDelay``.
    init(_ context: CLIContext, label: String, total: Int?, delay: UInt64? = nil) {
        self.context = context
        self.label = label
        self.total = total
        self.delay = delay ?? context.progressDelay
        enabled = context.showsProgress
    }

    /// Notes that step `index` (0-based) is done.
    func update(_ index: Int) {
        guard enabled else { return }
        if let lastCheck, abs(index - lastCheck) < 1024 { return }
        lastCheck = index
        // Lines a terminal's output holds back while more come (``StandardStream``) show
        // before the walk goes quiet.
        context.flushOutput()
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - quietSince >= delay, !shown || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        shown = true
        // A line longer than the terminal wraps, and `\r` then goes back to the start of its
        // last row only, leaving the others on the screen: it is made to fit, as the terminal
        // is now (it may have been resized since the last time). The total goes first, then
        // the label, then the word, so that the step shown is not a cut number; only a
        // terminal narrower than the number cuts it.
        let step = "step \(index + 1)"
        var candidates = ["\(label): \(step)", step, "\(index + 1)"]
        if let total { candidates.insert("\(label): \(step) of \(total)", at: 0) }
        var text = candidates.map { $0 + "…" }.first { line in
            context.errorColumns.map { line.count < $0 } ?? true
        } ?? "\(index + 1)…"
        if let columns = context.errorColumns, text.count >= columns {
            text = String(text.prefix(max(columns - 2, 0))) + (columns > 1 ? "…" : "")
        }
        // The rest of the row is erased: a count going down gets shorter, and a line shown
        // before (a jump's, within a search) may have been longer.
        context.error.write("\r\(text)\u{1B}[K")
        InterruptCleanup.noteProgressLine(shown: true)
    }

    /// Takes the line away before the command prints a line, and waits for `delay` without
    /// output before showing it again: a command whose lines keep coming needs no other sign
    /// of life, and a line shown between them would flicker.
    func willPrint() {
        guard enabled else { return }
        clear()
        quietSince = DispatchTime.now().uptimeNanoseconds
    }

    /// Takes the line away, if it is shown: at the end.
    func clear() {
        guard shown else { return }
        shown = false
        context.error.write("\r\u{1B}[K")
        InterruptCleanup.noteProgressLine(shown: false)
    }
}

extension Timeline {
    /// Shows a ``StepProgress`` line while a jump replays many steps (see
    /// ``replayProgress``), for the commands that jump to a step: `show` and `step`.
    ///
    /// - Parameters:
    ///   - context: Where the line goes (standard error), when it is a terminal.
    ///   - delay: How long a replay runs before the line appears, in nanoseconds; by default
    ///     the context's ``CLIContext/progressDelay``.
    func showsReplayProgress(in context: CLIContext, delay: UInt64? = nil) {
        guard context.showsProgress else { return }
        var progress: StepProgress?
        replayProgress = { reached in
            guard let reached else {
                progress?.clear()
                progress = nil
                return
            }
            if progress == nil {
                progress = StepProgress(context, label: "replaying", total: reached.target + 1, delay: delay)
            }
            progress?.update(reached.step)
        }
    }
}
