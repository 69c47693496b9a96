/// The text of watchpoints and breakpoints.
extension StepTextRenderer {
    /// `watchpoint 1: cart.total (now 9)`, `breakpoint 2: cart.total > 50 (holds now)`.
    func statusLine(_ status: StepBreakpointStatus) -> String {
        let breakpoint = status.breakpoint
        var now: String
        if case .change = breakpoint.condition {
            now = status.value.map { "now " + show($0) } ?? "absent now"
        } else {
            now = status.holds ? "holds now" : "does not hold now"
        }
        if status.alreadySet { now = "already set; " + now }
        return "\(breakpoint.kind) \(breakpoint.number): \(TerminalText.escape(breakpoint.subject)) (\(now))"
    }

    /// `watchpoint 1: cart.total: 0 → 9`, `breakpoint 2: cart.total > 50 holds`.
    func firingLine(_ firing: StepFiring) -> String {
        let breakpoint = firing.breakpoint
        let heading = "\(breakpoint.kind) \(breakpoint.number): \(TerminalText.escape(breakpoint.subject))"
        if case .change = breakpoint.condition {
            return heading + ": \(firing.old.map(show) ?? "(absent)") → \(firing.new.map(show) ?? "(absent)")"
        }
        return heading + " holds"
    }

    private func show(_ value: JSONValue) -> String {
        DiffTextFormatter.abbreviate(value.compactText, width: 80)
    }
}
