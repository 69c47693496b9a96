/// Why an inspector command could not do its job.
public enum InspectorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The recording is missing, unreadable or malformed.
    case recording(RecordingError)
    /// The command must replay, but this inspector has no reducer for the recording.
    case missingReducer(path: String, named: String?, available: [String])
    /// A seq argument names no step of the recording.
    case noSuchStep(path: String, seq: Int, first: Int?, last: Int?)
    /// A range of seqs (`diff FROM..TO`) holds no step: the recording skips every seq in it.
    case noStepInRange(path: String, from: Int, to: Int)
    /// A seq argument of a command that also takes seq 0, the initial state (`show`, `step`),
    /// names no step of the recording: said as `step`'s `goto` says it.
    case noSuchPlace(path: String, TimelineCursor.GotoError)
    /// A path argument is malformed.
    case badPath(String, JSONPathParseError)
    /// The user interrupted a replay (Ctrl-C in a `step` session), which stopped after `step`.
    case interrupted(step: Int)
    /// `--reducer` named a reducer this inspector does not have.
    case unknownReducer(name: String, available: [String])

    public var description: String { message(program: "redux-inspect") }

    /// The description, with the commands it suggests named as `program` calls them: an app's
    /// own inspector is not `redux-inspect`.
    public func message(program: String) -> String {
        switch self {
        case .recording(let error):
            return error.description
        case .noSuchStep(let path, let seq, let first, let last):
            guard let first, let last else { return "\(path): no step with seq \(seq): the recording has no steps" }
            if (first...last).contains(seq) {
                return "\(path): no step with seq \(seq): the recording skips it (entries are missing there)"
            }
            return "\(path): no step with seq \(seq): expected a seq from \(first) to \(last)"
        case .noStepInRange(let path, let from, let to) where from == to:
            return "\(path): no step with seq \(from): the recording skips it (entries are missing there)"
        case .noStepInRange(let path, let from, let to):
            return "\(path): no step from seq \(from) to \(to): the recording skips them (entries are missing there)"
        case .interrupted(let step):
            return "interrupted after replaying step \(step + 1)"
        case .noSuchPlace(let path, let error):
            return "\(path): \(error)"
        case .badPath(let text, let error):
            return "invalid path '\(TerminalText.echo(text))': \(error)"
        case .unknownReducer(let name, let available):
            let have = available.isEmpty ? "none" : available.joined(separator: ", ")
            let build =
                Self.isStock(program)
                ? "to replay your app's reducer, build an inspector for it" : "to replay another reducer, add it to this inspector"
            return "unknown reducer '\(TerminalText.echo(name))' (this inspector has: \(have)); "
                + "\(build): see '\(program) help inspector'"
        case .missingReducer(let path, let named, let available):
            let have = available.isEmpty ? "none" : available.joined(separator: ", ")
            let which = named.map { "names reducer \"\($0)\", which this inspector does not have" }
                ?? "names no reducer and none was given"
            // An inspector of one reducer, an app's own most likely, has one to suggest.
            let pass = available.count == 1 ? "Pass --reducer \(available[0])" : "Pass --reducer NAME"
            let build = Self.isStock(program) ? "build an inspector for your app" : "add the reducer to this inspector"
            // "it" would be the recording after "names no reducer": say whose the list is.
            let whose = named == nil ? "this inspector has" : "it has"
            return "\(path): \(which) (\(whose): \(have)). \(pass), or \(build): see '\(program) help inspector'"
        }
    }
}

extension InspectorError {
    /// Whether `program` is the stock inspector, whose reducers are the examples': an app's own
    /// inspector is built already, and only a reducer of it may be missing.
    fileprivate static func isStock(_ program: String) -> Bool {
        program == "redux-inspect"
    }

    /// The error to report: a missing reducer only for a well-formed recording.
    ///
    /// A command learns that it needs a reducer before it has read every line, but a malformed
    /// recording is the first thing to fix, and its error says where (exit 65, not 64). So
    /// before a missing reducer is reported, the file is read in full; this costs time only on
    /// that error path.
    ///
    /// - Returns: `self`, or the recording's first problem.
    func preferringBadRecording() -> InspectorError {
        guard case .missingReducer(let path, _, _) = self else { return self }
        do {
            try Recording(path: path).validate()
        } catch where error.kind == .malformed {
            return .recording(error)
        } catch {
            return self
        }
        return self
    }
}

extension Recording {
    /// The `end` marker's final state, with a malformed marker reported as an inspector error.
    func finalState() throws(InspectorError) -> JSONValue? {
        do {
            return try endState()
        } catch {
            throw .recording(error)
        }
    }
}

extension InspectorError {
    /// Whether this is a replayed state the encoder refused (a `Double` that is NaN): the
    /// recording is fine, and the steps around the state can still be gone through.
    var isUnencodableReplayedState: Bool {
        guard case .recording(let error) = self, case .cannotEncodeState = error.replayFailure else { return false }
        return true
    }
}
