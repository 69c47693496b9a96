import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The "plain newline count" baseline: what `wc -l` does, in process — `read(2)` in 1 MiB
/// chunks and `memchr` for each newline. Nothing reads a file faster line by line.
enum NewlineCount {
    /// The number of newlines in a file.
    static func count(path: String) throws -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let capacity = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        defer { buffer.deallocate() }
        var newlines = 0
        while true {
            let count = read(descriptor, buffer, capacity)
            if count < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            var cursor = buffer
            var left = count
            while left > 0, let found = memchr(cursor, 0x0A, left) {
                newlines += 1
                let next = found + 1
                left -= cursor.distance(to: next)
                cursor = next
            }
        }
        return newlines
    }
}

/// A file mapped into memory with the offset of every line, for baselines that need the raw
/// bytes of particular lines.
final class MappedLines {
    private let base: UnsafeRawPointer
    private let size: Int
    /// The offset of the first byte of each line.
    private(set) var starts: [Int] = []

    init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0,
            let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != MAP_FAILED
        else { throw BenchError("cannot map \(path)") }
        base = UnsafeRawPointer(address)
        size = Int(info.st_size)
        var offset = 0
        while offset < size {
            starts.append(offset)
            guard let found = memchr(base + offset, 0x0A, size - offset) else { break }
            offset = base.distance(to: UnsafeRawPointer(found)) + 1
        }
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), size)
    }

    /// The bytes of line `index` (0-based), without its newline.
    func line(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] : size
        if end > start && base.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0A { end -= 1 }
        return UnsafeBufferPointer(
            start: (base + start).assumingMemoryBound(to: UInt8.self), count: end - start)
    }
}
