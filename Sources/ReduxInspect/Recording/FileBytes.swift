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
    private let isMapped: Bool
    /// The mapping's slot in ``MappedFileGuard``, when it is guarded.
    private var guardSlot: Int?

    /// Opens and maps or reads the file.
    ///
    /// - Throws: ``RecordingError`` of kind `.notFound` or `.unreadable`.
    init(path: String) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let kind: RecordingError.Kind = code == ENOENT || code == ENOTDIR ? .notFound : .unreadable
            let reason = code == ENOENT || code == ENOTDIR ? "no such file" : String(cString: strerror(code))
            throw RecordingError(kind, path: path, message: reason)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw RecordingError(.unreadable, path: path, message: "is a directory, not a recording file")
        }
        // A device such as /dev/zero or /dev/urandom never ends: reading it whole would take
        // all the memory there is. Pipes and FIFOs (`/dev/stdin`, `<(…)`) are read.
        let type = info.st_mode & S_IFMT
        if type == S_IFCHR || type == S_IFBLK {
            throw RecordingError(.unreadable, path: path, message: "is a device, not a recording file")
        }
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
            let size = Int(info.st_size)
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
            }
            _ = madvise(address, size, MADV_SEQUENTIAL)
            buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            isMapped = true
            guardSlot = MappedFileGuard.add(buffer, path: path)
            return
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = errno == EISDIR ? "is a directory, not a recording file" : String(cString: strerror(errno))
                throw RecordingError(.unreadable, path: path, message: reason)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
        isMapped = false
    }

    /// Wraps bytes held in memory (for tests and in-process callers).
    init(bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
        isMapped = false
    }

    deinit {
        if let guardSlot { MappedFileGuard.remove(guardSlot) }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            UnsafeMutableBufferPointer(mutating: buffer).deallocate()
        }
    }
}
