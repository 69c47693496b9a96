import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to do when the recording file already exists.
public enum ExistingFilePolicy: Sendable {
    /// Fail with ``RecorderError/fileExists(path:)``. The default: a recording is never lost
    /// to a name clash.
    case refuse
    /// Start a new recording in place of the file. A regular file the process may write is
    /// replaced by a new one, created beside it and renamed over it, so that a reader that has
    /// the old one open or mapped (an inspector looking at the last session) keeps reading it
    /// whole instead of finding it cut short; other links to the old file keep it too. A
    /// symbolic link, a device or another special file is truncated in place.
    case replace
}

/// A sink that appends to a file created with mode 0600 (the owner may read and write it,
/// nobody else), since recordings can hold personal data.
///
/// Each write is one `write(2)` call of whole lines, so a crash leaves at most the line being
/// written incomplete. A write that fails part-way is cut back to the last complete line.
///
/// If the file is removed (unlinked) while recording, the next write notices (the file has no
/// name left), creates a new file at the same path — never replacing one that someone else has
/// put there since — and throws ``RecorderError/fileRemoved(path:)`` without writing; the
/// recorder then starts the new file with its header and a `gap` marker for what was lost.
/// Renaming the file (log rotation) is not removal: writing goes on in the renamed file.
public final class FileRecordingSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: the recorder calls `write` and `close` from one thread at a time.
    private var descriptor: Int32
    private var size: off_t
    /// Whether the output is a regular file, which can be removed; a device is left alone.
    private let isRegularFile: Bool
    /// The file's path.
    public let path: String
    /// Whether anything was ever given to ``write(_:)``: a file nothing was written to is
    /// removed on ``close()``.
    private var wasWrittenTo = false

    /// Creates (or, when asked, replaces) the recording file.
    ///
    /// - Parameters:
    ///   - path: Where to write.
    ///   - ifExists: What to do when a file is already there.
    /// - Throws: ``RecorderError/fileExists(path:)`` or ``RecorderError/cannotOpen(path:reason:)``.
    public init(path: String, ifExists: ExistingFilePolicy = .refuse) throws {
        self.path = path
        var flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
        flags |= ifExists == .refuse ? O_EXCL : O_TRUNC
        // Truncating in place would pull the pages from under a reader that mapped the old
        // file (SIGBUS); a new file renamed over it leaves that reader the old one.
        let replacement = ifExists == .replace ? Self.newFile(replacing: path) : nil
        let descriptor = replacement ?? open(path, flags, mode_t(0o600))
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw RecorderError.fileExists(path: path) }
            throw RecorderError.cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        // A replaced file keeps its old mode unless told otherwise; a device (such as
        // /dev/null) is not ours to change.
        var info = stat()
        isRegularFile = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        if isRegularFile {
            _ = fchmod(descriptor, mode_t(0o600))
        }
        self.descriptor = descriptor
        self.size = 0
    }

    /// A new, empty file renamed over the regular file at `path`, open for appending; `nil`
    /// when `path` is not a regular file this process may write, or the new file cannot be
    /// made, and the file is then opened (and truncated) in place as before.
    private static func newFile(replacing path: String) -> Int32? {
        var existing = stat()
        guard lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG, access(path, W_OK) == 0
        else { return nil }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { return nil }
        guard rename(temporary, path) == 0 else {
            _ = systemClose(descriptor)
            _ = unlink(temporary)
            return nil
        }
        return descriptor
    }

    /// Appends whole lines; on failure truncates back to the last complete line and throws.
    ///
    /// - Throws: ``RecorderError/writeFailed(path:reason:)``, or
    ///   ``RecorderError/fileRemoved(path:)`` when the file was removed and a new one started.
    public func write(_ bytes: [UInt8]) throws {
        wasWrittenTo = true
        guard descriptor >= 0 else { throw RecorderError.writeFailed(path: path, reason: "file is closed") }
        if isRegularFile && wasRemoved() {
            try startNewFile()
            throw RecorderError.fileRemoved(path: path)
        }
        let (written, failure) = bytes.withUnsafeBytes { FileDescriptorWrite.all($0, to: descriptor) }
        if let failure {
            if written > 0 { _ = ftruncate(descriptor, size) }
            throw RecorderError.writeFailed(path: path, reason: String(cString: strerror(failure)))
        }
        size += off_t(written)
    }

    /// Removes ``path`` if it still names the open file, and that file is empty: one renamed
    /// away, or replaced by another program's, is left alone.
    private func removeIfStillHere() {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, open.st_size == 0, lstat(path, &named) == 0,
            named.st_dev == open.st_dev, named.st_ino == open.st_ino
        else { return }
        _ = unlink(path)
    }

    /// Whether the open file has lost its last name: someone removed it while recording.
    private func wasRemoved() -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_nlink == 0
    }

    /// Creates a new file at ``path`` in place of the removed one and writes there from now on.
    private func startNewFile() throws {
        let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, mode_t(0o600))
        guard fresh >= 0 else {
            let reason = String(cString: strerror(errno))
            throw RecorderError.writeFailed(
                path: path, reason: "file removed while recording, and a new one cannot be created: \(reason)")
        }
        _ = fchmod(fresh, mode_t(0o600))
        _ = systemClose(descriptor)
        descriptor = fresh
        size = 0
    }

    /// Closes the file; removes it when nothing was ever written to it (a recorder that no
    /// store used): an empty file is not a recording, and would make the next recorder at
    /// that path refuse to start.
    public func close() throws {
        guard descriptor >= 0 else { return }
        if !wasWrittenTo && isRegularFile { removeIfStillHere() }
        let result = systemClose(descriptor)
        descriptor = -1
        if result != 0 {
            throw RecorderError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }
}

// The sink's own `close` method shadows the C function.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
