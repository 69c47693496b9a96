import Foundation

/// A step or a run of steps named on the command line, as `diff` and `log` take them: `13`,
/// `10..15`, `10..last`, `10..` (to the last step), or `last`.
struct SeqRange: Equatable {
    /// One end of the range.
    enum Bound: Equatable {
        /// The step with this seq, 1 or more.
        case seq(Int)
        /// The last step, whatever its seq.
        case last
    }

    /// Where the range starts.
    let from: Bound
    /// Where it ends, not before ``from``: `last` for `last` or an end left out.
    let to: Bound

    /// Why a text names no step or range.
    struct Invalid: Error, Equatable {
        /// What is wrong, naming the text and what was expected.
        let message: String
    }

    /// Reads `text`.
    ///
    /// - Throws: ``Invalid`` for anything but a seq of 1 or more, a range of them that runs
    ///   forwards, or `last`; seq 0, the initial state, is refused with what to write instead.
    init(_ text: String) throws(Invalid) {
        let parts = text.components(separatedBy: "..")
        func bound(_ part: String) -> Bound? {
            if part == "last" { return .last }
            return Int(part).map(Bound.seq)
        }
        let end = parts.count == 2 && parts[1].isEmpty ? "last" : parts.last!
        let echoed = TerminalText.echo(text)
        // `diff 0`, `diff 0..3`: the initial state is where changes start, not one made.
        if parts.count <= 2, Int(parts[0]) == 0, let to = bound(end) {
            let beyondOne = if case .seq(let seq) = to { seq > 1 } else { true }
            let instead = parts.count == 2 && beyondOne ? "such as 1..\(end)" : "usually 1"
            throw Invalid(
                message:
                    "invalid step '\(echoed)': seq 0 is the initial state, which no step made; start from the first step's seq instead, \(instead)"
            )
        }
        guard parts.count <= 2, let from = bound(parts[0]), let to = bound(end), from.isStep, to.isStep else {
            // `diff a.jsonl b.jsonl`: two recordings are not compared with each other.
            if text.hasSuffix(".jsonl") || FileManager.default.fileExists(atPath: text) {
                throw Invalid(
                    message: "unexpected argument '\(echoed)': one recording at a time, which a seq or a range such as 3..9 may follow")
            }
            throw Invalid(message: "invalid step '\(echoed)': expected a seq such as 5, a range such as 3..9 or 3..last, or last")
        }
        let backwards =
            switch (from, to) {
            case (.seq(let first), .seq(let last)): last < first
            case (.last, .seq): true
            default: false
            }
        if backwards {
            throw Invalid(
                message:
                    "invalid step '\(echoed)': the range runs backwards; expected FROM..TO with FROM first, such as \(TerminalText.echo(end))..\(TerminalText.echo(parts[0]))"
            )
        }
        self.from = from
        self.to = to
    }

    /// The positions of the steps in the range.
    ///
    /// - Throws: ``InspectorError/noSuchStep(path:seq:first:last:)`` for a seq the recording
    ///   does not account for; for a range that holds no step,
    ///   ``InspectorError/noSuchPlace(path:_:)`` when it is the end marker's state after
    ///   entries missing at the end (`diff FILE 6` there), which no step reaches, else
    ///   ``InspectorError/noStepInRange(path:from:to:)`` (up to the end marker's seq, for an
    ///   open range past the last step).
    func indices(in timeline: Timeline) throws(InspectorError) -> Range<Int> {
        let recording = timeline.recording
        let lastStep = recording.steps.last?.seq ?? 1
        let from = from.seq(last: lastStep)
        // An end left out, past the last step, runs to the end marker's seq.
        let to = max(from, to.seq(last: from > lastStep ? max(lastStep, recording.endSeq ?? lastStep) : lastStep))
        if from > lastStep {
            for seq in [from, to] where !timeline.accountsFor(seq: seq) {
                throw .noSuchStep(path: recording.path, seq: seq, first: recording.steps.first?.seq, last: lastStep)
            }
            if from == to, let end = recording.endSeqAfterGap, from == end {
                throw .noSuchPlace(path: recording.path, .endMarkerAfterGap(end, last: recording.steps.last?.seq))
            }
        }
        return try timeline.indices(ofSeqs: from, through: to)
    }

}

extension Recording {
    /// The entries missing after the steps at `indices` (those of a range ending at `end`,
    /// or all) that a listing of them tells at its end: those at the end of the recording
    /// when they run to its last step, or, when the range ends at a seq the recording skips,
    /// those before the step after them.
    func gap(after indices: Range<Int>, endingAt end: SeqRange.Bound) -> RecordingGap? {
        if indices.upperBound == steps.count { return gapAtEnd }
        guard case .seq(let seq) = end, index(ofSeq: seq) == nil else { return nil }
        return gap(before: indices.upperBound)
    }
}

extension ClosedRange<Int> {
    /// Where in a recording these seqs are, as a message names the steps a command was given:
    /// ` at seq 13`, ` from seq 10 to 15`.
    var seqsText: String {
        count == 1 ? " at seq \(lowerBound)" : " from seq \(lowerBound) to \(upperBound)"
    }
}

extension SeqRange.Bound {
    /// Whether it can name a step: `last`, or a seq of 1 or more.
    fileprivate var isStep: Bool {
        if case .seq(let seq) = self { return seq >= 1 }
        return true
    }

    /// The seq it names, with `last` for `last`.
    fileprivate func seq(last: Int) -> Int {
        if case .seq(let seq) = self { return seq }
        return last
    }
}

extension Subcommand {
    /// The steps named by the argument at `position` (after `<file>`, or after `blame`'s
    /// `<path>`), as `diff` and `log` take them; `nil` when none are.
    static func seqRange(_ arguments: ParsedArguments, at position: Int = 1) throws(UsageError) -> SeqRange? {
        guard arguments.positionals.count > position else { return nil }
        let text = arguments.positionals[position]
        do {
            return try SeqRange(text)
        } catch {
            throw usage(error.message)
        }
    }
}
