import Foundation
import Redux

/// Rewrites a recording's states with replayed ones (`verify --update`): only the `state`
/// values of the given lines change (and the header's `initialState`, when its line is one of
/// them); the rest of the header, the actions, other lines and unknown members stay
/// byte-identical. The new file replaces the old one atomically (write a temporary
/// file beside it, then rename), keeping its permissions.
enum GoldenUpdate {
    /// Applies the updates.
    ///
    /// - Parameters:
    ///   - recording: The recording as read.
    ///   - states: New states by 0-based line index: entries, the `end` marker, or the header
    ///     (its `initialState`).
    /// - Throws: ``RecordingError`` when the file cannot be written.
    static func apply(to recording: Recording, states: [Int: JSONValue]) throws(RecordingError) {
        var output: [UInt8] = []
        output.reserveCapacity(recording.bytes.buffer.count + 1024)
        let lines = recording.lines
        let headerLine = recording.header.map { $0.line - 1 }
        for lineIndex in 0..<lines.lineCount {
            let start = lines.starts[lineIndex]
            let end = lineIndex + 1 < lines.lineCount ? lines.starts[lineIndex + 1] : recording.bytes.buffer.count
            let whole = UnsafeBufferPointer(rebasing: recording.bytes.buffer[start..<end])
            guard let state = states[lineIndex],
                let range = stateRange(in: recording.lineBytes(lineIndex), isHeader: lineIndex == headerLine)
            else {
                output.append(contentsOf: whole)
                continue
            }
            output.append(contentsOf: whole[..<range.lowerBound])
            output.append(contentsOf: state.compactText.utf8)
            output.append(contentsOf: whole[range.upperBound...])
        }
        try write(output, replacing: recording.path)
    }

    /// Why the recording at `path` cannot be updated, or `nil` when it can be tried: a regular
    /// file (through symbolic links), or one `stat` fails on, whose open names the problem.
    ///
    /// An update reads the file a second time and renames a rewritten copy over it: a pipe or
    /// FIFO (`<(cat …)`) gives its bytes only once, and a second open of a FIFO waits for a
    /// writer that has gone, for ever.
    static func refusal(of path: String) -> RecordingError? {
        FileBytes.irregularMode(at: path).map { mode in
            RecordingError(
                .unreadable, path: path,
                message: "is \(FileBytes.kind(mode)): --update rewrites recordings in place, which only regular files can be")
        }
    }

    /// The range of the `initialState` value in the header, of the `state` value in an entry
    /// line, or of the `state` in an `end` marker's object. (A header may have a member named
    /// `state` of its own, which is not the one.)
    private static func stateRange(in line: UnsafeBufferPointer<UInt8>, isHeader: Bool) -> Range<Int>? {
        guard let members = TopLevelMembers(line) else { return nil }
        if isHeader { return members.member("initialState", in: line)?.value }
        if let state = members.member("state", in: line) { return state.value }
        guard let end = members.member("end", in: line) else { return nil }
        let inner = UnsafeBufferPointer(rebasing: line[end.value])
        guard let endMembers = TopLevelMembers(inner), let state = endMembers.member("state", in: inner) else { return nil }
        return (state.value.lowerBound + end.value.lowerBound)..<(state.value.upperBound + end.value.lowerBound)
    }

    private static func write(_ bytes: [UInt8], replacing given: String) throws(RecordingError) {
        // Through a symbolic link, update the file it points to (with that file's mode), and
        // leave the link in place. Messages name the file as the user gave it.
        let url = URL(fileURLWithPath: given).resolvingSymlinksInPath()
        let path = url.path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        func failure(_ code: Int32) -> RecordingError {
            RecordingError(.unreadable, path: given, message: "cannot write the update: \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno) }
        // Not through a link planted at the temporary file's name.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure(errno) }
        // The recording's mode, before its bytes: the descriptor is closed once they are written.
        var code: Int32? = fchmod(descriptor, info.st_mode & 0o7777) != 0 ? errno : nil
        if code != nil {
            close(descriptor)
        } else {
            code = bytes.withUnsafeBytes { FileDescriptorWrite.allAndClose($0, to: descriptor) }
        }
        if code == nil, rename(temporary, path) != 0 {
            let renaming = errno
            unlink(temporary)
            throw RecordingError(.unreadable, path: given, message: "cannot replace: \(String(cString: strerror(renaming)))")
        }
        if let code {
            unlink(temporary)
            throw failure(code)
        }
    }
}
