import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file, memory-mapped when it is a regular file so that a recording of
/// gigabytes costs address space, not memory; read whole otherwise (pipes, `/dev/stdin`).
final class FileBytes: @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable after `init`.
    let buffer: UnsafeBufferPointer<UInt8>
    /// The whole mapping, when the file is mapped; `buffer` may start inside it.
    private let mapping: UnsafeRawBufferPointer?
    /// The mapping's slot in ``MappedFileGuard``, when it is guarded.
    private var guardSlot: Int?
    /// Whether reading stopped before the end, inside a last line already longer than any
    /// line a recording may have: `buffer` ends in part of that line.
    let endsInsideOverlongLine: Bool

    /// Opens and maps or reads the file.
    ///
    /// - Parameter recovering: Whether reading a mapped file that another program cuts short
    ///   meanwhile goes on over zeros, for ``wasCutShort`` to say so, instead of ending the
    ///   process (see ``MappedFileGuard``).
    /// - Throws: ``RecordingError`` of kind `.notFound` or `.unreadable`.
    convenience init(path: String, recovering: Bool = false) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.cannotReach(path, code: errno, missing: "no such file") }
        defer { close(descriptor) }
        try self.init(descriptor: descriptor, path: path, isStandardInput: false, recovering: recovering)
    }

    /// Whether the file, mapped `recovering`, was cut short while it was read: what it held
    /// past its new end was read as zeros.
    var wasCutShort: Bool {
        guardSlot.map(MappedFileGuard.wasCutShort) ?? false
    }

    /// Maps or reads standard input, for a recording given as `-`, from its current offset to
    /// its end, and leaves it read to its end, as reading it would: redirected from a file
    /// (`< big.jsonl`), it is mapped like a named file; a pipe is read into one buffer, so that
    /// a recording piped in costs its size in memory once (up to a line longer than a line may
    /// be, where reading stops); `< /dev/null` is an empty recording.
    ///
    /// - Parameter descriptor: Standard input's descriptor, 0.
    /// - Throws: ``RecordingError`` of kind `.unreadable`, named `<stdin>`, also for a
    ///   terminal: nobody types a recording, and waiting for one would look like a hang.
    static func standardInput(_ descriptor: Int32 = 0) throws(RecordingError) -> FileBytes {
        try FileBytes(descriptor: descriptor, path: "<stdin>", isStandardInput: true)
    }

    /// Maps or reads an open file from its current offset to its end, without closing it.
    ///
    /// - Parameters:
    ///   - descriptor: The open file.
    ///   - path: What messages call it.
    ///   - isStandardInput: Whether it is standard input, which takes `/dev/null` as empty,
    ///     says why a terminal is refused, and is left read to its end (or to where reading
    ///     stopped, in a line too long: ``endsInsideOverlongLine``).
    ///   - recovering: As in ``init(path:recovering:)``.
    private init(descriptor: Int32, path: String, isStandardInput: Bool, recovering: Bool = false) throws(RecordingError) {
        func unreadable(_ code: Int32) -> RecordingError {
            let reason = String(cString: strerror(code))
            return RecordingError(
                .unreadable, path: path, message: isStandardInput ? "cannot read standard input: \(reason)" : reason)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(errno) }
        // A device such as /dev/zero or /dev/urandom never ends: reading it whole would take
        // all the memory there is. Pipes and FIFOs (`/dev/stdin`, `<(…)`) are read.
        let type = info.st_mode & S_IFMT
        if isStandardInput && type == S_IFCHR {
            if isatty(descriptor) == 1 {
                throw RecordingError(
                    .unreadable, path: path, message: "is a terminal, not a recording (pipe or redirect one into it)")
            }
            if Self.isNullDevice(info) {
                // `< /dev/null`, as scripts give a command no input: read, it is empty.
                (buffer, endsInsideOverlongLine) = try Self.readToEnd(descriptor, path: path)
                mapping = nil
                return
            }
        }
        if type == S_IFDIR || type == S_IFCHR || type == S_IFBLK {
            throw Self.notARecording(path, mode: info.st_mode)
        }
        if type == S_IFREG && info.st_size > 0 {
            // Standard input may have been read in part before (`{ head -1; redux-inspect log -; } < f`):
            // the recording is what is left of it.
            let offset = max(Int(lseek(descriptor, 0, SEEK_CUR)), 0)
            let size = Int(info.st_size)
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
                throw unreadable(errno)
            }
            _ = madvise(address, size, MADV_SEQUENTIAL)
            if isStandardInput { _ = lseek(descriptor, 0, SEEK_END) }
            let whole = UnsafeRawBufferPointer(start: address, count: size)
            mapping = whole
            let start = address.bindMemory(to: UInt8.self, capacity: size) + min(offset, size)
            buffer = UnsafeBufferPointer(start: start, count: size - min(offset, size))
            guardSlot = MappedFileGuard.add(buffer, in: whole, path: path, recovering: recovering)
            if !isStandardInput { MappedFileSizes.note(path: path, info) }
            endsInsideOverlongLine = false
            return
        }
        do {
            (buffer, endsInsideOverlongLine) = try Self.readToEnd(descriptor, path: path)
        } catch {
            guard isStandardInput else { throw error }
            throw RecordingError(error.kind, path: path, message: "cannot read standard input: \(error.message)")
        }
        mapping = nil
    }

    /// Whether `info` describes `/dev/null`, which reads as empty, unlike the other devices.
    private static func isNullDevice(_ info: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev && (null.st_mode & S_IFMT) == S_IFCHR
    }

    /// Reads the rest of a file that cannot be mapped into memory it allocates, growing it in
    /// place where it can (`realloc`), so that the bytes are never held twice.
    ///
    /// Reading stops early once the last line read so far is longer than a line may be
    /// (``JSONParser/Options/maximumLength``): the recording is then malformed whatever follows, and a stream without newlines (`< <(cat
    /// /dev/zero)`) would otherwise take all the memory there is, or never end.
    ///
    /// - Returns: The bytes, and whether reading stopped inside such a line.
    private static func readToEnd(
        _ descriptor: Int32, path: String
    ) throws(RecordingError) -> (UnsafeBufferPointer<UInt8>, stoppedInsideOverlongLine: Bool) {
        let lineLimit = JSONParser.Options().maximumLength
        var capacity = 1 << 16
        var count = 0
        var lineStart = 0
        var stopped = false
        guard var storage = malloc(capacity) else {
            throw RecordingError(.unreadable, path: path, message: "out of memory")
        }
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(storage, capacity) else {
                    free(storage)
                    throw RecordingError(.unreadable, path: path, message: "out of memory after \(count) bytes")
                }
                storage = grown
            }
            let read = read(descriptor, storage + count, capacity - count)
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                free(storage)
                if code == EISDIR { throw Self.notARecording(path, mode: S_IFDIR) }
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(code)))
            }
            if read == 0 { break }
            // Where the last line read so far starts: after the last newline of this read, if any.
            var end = count + read
            while end > count, storage.load(fromByteOffset: end - 1, as: UInt8.self) != 0x0A { end -= 1 }
            if end > count { lineStart = end }
            count += read
            if count - lineStart > lineLimit {
                stopped = true
                break
            }
        }
        // Up to half the buffer may be spare: give it back.
        if count < capacity, let fitted = realloc(storage, max(count, 1)) { storage = fitted }
        let bytes = UnsafeBufferPointer(start: storage.bindMemory(to: UInt8.self, capacity: max(count, 1)), count: count)
        return (bytes, stopped)
    }

    /// The error for a path that `open` or `stat` failed on with `code`: not found (saying
    /// `missing`) when nothing is there, else unreadable with the system's reason (no
    /// permission, a loop of links, a name too long).
    static func cannotReach(_ path: String, code: Int32, missing: String) -> RecordingError {
        guard code == ENOENT || code == ENOTDIR else {
            return RecordingError(.unreadable, path: path, message: String(cString: strerror(code)))
        }
        return RecordingError(.notFound, path: path, message: missing)
    }

    /// The error for a file that is not a regular file, by what it is: "is a FIFO, not a
    /// recording file". Opening it reads the file as a recording, so this names why not.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - mode: Its `st_mode`, or just its type bits.
    static func notARecording(_ path: String, mode: mode_t) -> RecordingError {
        RecordingError(.unreadable, path: path, message: "is \(kind(mode)), not a recording file")
    }

    /// The `st_mode` of the file `path` names (through symbolic links) when it is not a
    /// regular file; `nil` for a regular file, or one `stat` fails on, whose open names the
    /// problem.
    static func irregularMode(at path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return info.st_mode
    }

    /// What a file that is not a regular one is, by its `st_mode`: "a FIFO", "a directory".
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }

    /// Wraps bytes held in memory (for tests and in-process callers).
    init(bytes: [UInt8]) {
        // `malloc`, as ``readToEnd(_:path:)`` uses, so that `deinit` frees both alike.
        let storage = malloc(max(bytes.count, 1))!.bindMemory(to: UInt8.self, capacity: max(bytes.count, 1))
        _ = UnsafeMutableBufferPointer(start: storage, count: bytes.count).initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage, count: bytes.count)
        mapping = nil
        endsInsideOverlongLine = false
    }

    deinit {
        if let guardSlot { MappedFileGuard.remove(guardSlot) }
        if let mapping {
            munmap(UnsafeMutableRawPointer(mutating: mapping.baseAddress), mapping.count)
        } else {
            free(UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
    }
}
