/// How `verify` shows results: a line per file, details for failures, the exit code.
enum VerifyReport {
    /// The lines of one file's result. Commands suggested in them run `program`, with
    /// `--reducer reducer` when the run was given one.
    static func lines(_ result: VerifyResult, colors: Bool, program: String, reducer: String? = nil) -> [String] {
        let path = TerminalText.escape(result.path)
        func label(_ text: String, _ color: String) -> String { colors ? "\u{1B}[\(color)m\(text)\u{1B}[0m" : text }
        switch result.outcome {
        case .passed:
            let rewritten = result.rewrittenStates
            // Passed by the rewrite: those states were not compared again. How many were
            // rewritten, the UPDATED line just above says.
            let update = rewritten == 0 ? "" : ", rewritten above"
            let line = "\(label("PASS", "32"))  \(path)  (\(result.steps) step\(result.steps == 1 ? "" : "s"), \(result.comparedStates) state\(result.comparedStates == 1 ? "" : "s") compared\(update))"
            return [line] + notes(result).map { "  " + $0 }
        case .diverged(let divergence), .nondeterministic(let divergence):
            let what = result.outcome.isNondeterministic ? "the reducer is not deterministic" : "diverged"
            return ["\(label("FAIL", "31"))  \(path):\(divergence.line): \(TerminalText.escape(divergence.stepName)): \(what)"]
                + details(result, colors: colors, program: program, reducer: reducer)
        case .error(let error):
            return ["\(label("ERROR", "31")) \(TerminalText.escape(error.message(program: program)))"]
        }
    }

    /// How many differences of a divergence are listed.
    static let shownDifferences = 20

    /// What a pass says besides: one that compared nothing says so, since in CI it would
    /// otherwise read as a check of the reducer's behaviour. The JUnit report gives them with
    /// the test case, as it gives the warnings.
    ///
    /// A state recorded after missing entries is taken as recorded, not compared, and the
    /// replay goes on from it: a pass says how many, since what the reducer does there is not
    /// checked (and `--update` keeps them as they are).
    static func notes(_ result: VerifyResult) -> [String] {
        guard case .passed = result.outcome else { return [] }
        if result.comparedStates == 0, result.rewrittenStates == 0 {
            return [
                "note: no state was compared, as the recording holds none a replay reaches (no end marker, "
                    + "or entries missing before it): only that every action decodes and replays was checked"
            ]
        }
        let taken = result.statesAfterMissing
        guard taken > 0 else { return [] }
        let (states, were) = taken == 1 ? ("state", "was") : ("states", "were")
        return [
            "note: \(taken) recorded \(states) after missing entries \(were) taken as recorded, not compared: "
                + "the replay cannot know what the missing actions did\(result.rewrittenStates > 0 ? ", and the update keeps \(taken == 1 ? "it" : "them")" : "")"
        ]
    }

    /// The action and the difference, indented under the file's line; commands suggested run
    /// `program`, with `--reducer reducer` when given.
    static func details(_ result: VerifyResult, colors: Bool, program: String, reducer: String? = nil) -> [String] {
        let divergence: VerifyResult.Divergence
        switch result.outcome {
        case .diverged(let found), .nondeterministic(let found): divergence = found
        default: return []
        }
        let formatter = DiffTextFormatter(valueWidth: 200, colors: colors)
        var lines = ["  action: \(DiffTextFormatter.abbreviate(divergence.action.compactText, width: 200))"]
        if divergence.seq == 0 {
            lines = ["  the recording holds no step, and the state in its end marker is not the initial state (recorded → initial):"]
        } else if result.outcome.isNondeterministic {
            lines.append("  two replays of the same actions produced different states (first → second):")
        } else {
            lines.append("  the state after seq \(divergence.seq) differs (recorded → replayed):")
        }
        // A reducer that reorders a long list differs at every element: the first ones show
        // what changed, and a count says how many more there are.
        lines += divergence.changes.prefix(Self.shownDifferences).map { "    " + formatter.line(for: $0) }
        if divergence.changes.count > Self.shownDifferences {
            let more = divergence.changes.count - Self.shownDifferences
            lines.append("    … and \(more) more difference\(more == 1 ? "" : "s")")
        }
        if result.outcome.isNondeterministic {
            // After the differences, which the line above announces.
            lines.append("  a reducer must not read the clock, a random source or global state")
        }
        for path in divergence.redactedPaths {
            lines.append("  note: \(path) holds a redacted value; the replay used the \"<redacted>\" placeholder")
        }
        if let candidates = divergence.candidates, !result.outcome.isNondeterministic {
            // A path that names elements by position may name another element at each step
            // (an undo stack that grows): blame follows one that does not, where there is one.
            let steady = divergence.changes.first { change in
                !change.path.components.contains { if case .index = $0 { true } else { false } }
            }
            let path = (steady ?? divergence.changes.first).map { "\($0.path)" } ?? "PATH"
            lines.append(
                "  note: no state is recorded for the steps before it back to seq \(candidates.lowerBound): "
                    + "the step that made the difference is one of seq \(candidates.lowerBound)…\(candidates.upperBound); "
                    + "to list the steps that change it: \(program) blame \(TerminalText.escape(ShellWord.path(result.path))) "
                    + TerminalText.escape(ShellWord.quoted(path) + ShellWord.reducerOption(reducer)))
        }
        if let start = divergence.standIns, !result.outcome.isNondeterministic {
            lines.append(
                "  note: the replay started from \(start.stateName), which holds redacted values that the app's decoder "
                    + "can only read as \(StandIn.readings(start.standIns)) (\(start.listedPaths)): the states replayed "
                    + "from it compute with those")
        }
        if let seq = divergence.redactedActionSeq, !result.outcome.isNondeterministic {
            // Whether the difference comes from such an action is not known: the note says
            // what the replay could not do, not that it is the cause.
            let which =
                divergence.redactedActions == 1
                ? "the action of seq \(seq) holds"
                : "\(divergence.redactedActions) actions of seq \(seq)…\(divergence.seq) hold"
            lines.append(
                "  note: \(which) a value the recorder redacted; where the state depends on it, it cannot be "
                    + "replayed (the replay reads the placeholder as \"<redacted>\", 0, false, an empty Data or the all-zero UUID)")
        }
        return lines
    }

    /// 66 if a file could not be read, else 65 if one is malformed, else 64 if a reducer
    /// was missing, else 1 if any diverged, else 0.
    static func exitCode(_ results: [VerifyResult]) -> ExitCode {
        let codes = results.map { result -> ExitCode in
            switch result.outcome {
            case .passed: .success
            case .diverged, .nondeterministic: .failure
            case .error(let error): ExitCode(for: error)
            }
        }
        for code in [ExitCode.noInput, .badRecording, .usage, .failure] where codes.contains(code) { return code }
        return .success
    }
}
