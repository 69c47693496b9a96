import Foundation

/// Where a ``Recorder`` writes its lines.
///
/// The recorder calls a sink from one background thread at a time, always with whole
/// lines (each ending in `\n`), and reports every error it throws to the recorder's error
/// handler; the app keeps running. A sink that fails part-way through a write must leave
/// no partial line behind, so that every line in the output stays valid.
public protocol RecordingSink: Sendable {
    /// Appends bytes that hold one or more whole lines.
    ///
    /// - Parameter bytes: UTF-8 text ending in `\n`.
    /// - Throws: ``RecorderError/writeFailed(path:reason:)`` or another error on failure;
    ///   ``RecorderError/fileRemoved(path:)``, without writing, when the output was removed and
    ///   the sink has started a new, empty one (the recorder then writes the header again).
    func write(_ bytes: [UInt8]) throws

    /// Releases the sink's resources. Called once, after the last write.
    ///
    /// - Throws: An error when the output cannot be completed.
    func close() throws
}

/// What can go wrong while recording. The recorder reports these to its error handler
/// and keeps the app running.
public enum RecorderError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The recording file exists and the recorder was not asked to replace it.
    case fileExists(path: String)
    /// The recording file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// A write to the sink failed; the entries in it are replaced by a `gap` marker once
    /// writing works again.
    case writeFailed(path: String, reason: String)
    /// An action could not be encoded as JSON, or its entry would be longer than
    /// ``RecordingFormat/maximumLineLength`` even without a state: the entry became a `gap`
    /// marker. Reported for the first entry of a run of such entries.
    case encodingFailed(seq: Int, reason: String)
    /// The state after `seq` (`0`: the initial state, in the header) could not be encoded as
    /// JSON — a `Double` that is NaN or infinite, say — so the line was written without it.
    ///
    /// Reported once per run of lines whose state is left out: again only after a state has
    /// been written. Without an initial state, a replay starts from the inspector's own
    /// initial state instead of the app's.
    case stateEncodingFailed(seq: Int, reason: String)
    /// The line of `seq` (`0`: the header) would be `length` bytes with its state, more than
    /// `limit` (``RecordingFormat/maximumLineLength``, what `redux-inspect` reads), so it was
    /// written without its state. Reported like ``stateEncodingFailed(seq:reason:)``.
    case lineTooLong(seq: Int, length: Int, limit: Int)
    /// The recording file was removed (unlinked) while recording. The sink has started a new
    /// file at the same path; the recorder writes the header there again, then a `gap` marker
    /// for the entries that went with the removed file, then goes on.
    case fileRemoved(path: String)
    /// The recorder's middleware was installed again: in a second store, or twice in one
    /// store's list. A recorder records where it was installed first only.
    case installedInSecondStore

    public var description: String {
        switch self {
        case .fileExists(let path):
            "\(path): file exists; pass ifExists: .replace to overwrite it, or choose another name"
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .writeFailed(let path, let reason): "\(path): write failed: \(reason)"
        case .encodingFailed(let seq, let reason): "seq \(seq): cannot encode: \(reason)"
        case .stateEncodingFailed(0, let reason):
            "initial state: cannot encode: \(reason); the header is written without it, so a replay starts from the inspector's initial state"
        case .stateEncodingFailed(let seq, let reason):
            "seq \(seq): cannot encode the state: \(reason); lines are written without their state until one can be encoded"
        case .lineTooLong(0, let length, let limit):
            "initial state: the header would be \(length) bytes, more than the \(limit) a line may hold; written without its state, so a replay starts from the inspector's initial state"
        case .lineTooLong(let seq, let length, let limit):
            "seq \(seq): the line would be \(length) bytes, more than the \(limit) a line may hold; written without its state"
        case .fileRemoved(let path):
            "\(path): file removed while recording; recording goes on in a new file at this path, after a gap marker"
        case .installedInSecondStore:
            "the recorder was installed again (in a second store, or twice in one store's middleware); it records only where it was installed first: make a recorder for each store"
        }
    }

    /// The ``description``, which `localizedDescription` gives too: an app showing an error
    /// that way gets the sentence, not "The operation could not be completed".
    public var errorDescription: String? { description }
}
