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
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording file exists and the recorder was not asked to replace it.
    case fileExists(path: String)
    /// The recording file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// A write to the sink failed; the entries in it are replaced by a `gap` marker once
    /// writing works again.
    case writeFailed(path: String, reason: String)
    /// An action or state could not be encoded as JSON; the entry became a gap.
    case encodingFailed(seq: Int, reason: String)
    /// The recording file was removed (unlinked) while recording. The sink has started a new
    /// file at the same path; the recorder writes the header there again, then a `gap` marker
    /// for the entries that went with the removed file, then goes on.
    case fileRemoved(path: String)

    public var description: String {
        switch self {
        case .fileExists(let path):
            "\(path): file exists; pass ifExists: .replace to overwrite it, or choose another name"
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .writeFailed(let path, let reason): "\(path): write failed: \(reason)"
        case .encodingFailed(let seq, let reason): "seq \(seq): cannot encode: \(reason)"
        case .fileRemoved(let path):
            "\(path): file removed while recording; recording goes on in a new file at this path, after a gap marker"
        }
    }
}
