import Foundation

/// Where each line of a buffer starts, found with `memchr`, so any line can be read without
/// touching the others.
///
/// The lines can be found all at once (``init(_:)``) or one at a time (``nextLine(in:)``),
/// which lets the indexer read each line's first bytes right after `memchr` has passed over
/// them, while they are still in the cache: a second pass over a file larger than the cache
/// would fetch each line's start from memory again, which cost more than the index's work.
struct LineIndex {
    /// The offset of the first byte of each line found so far.
    private(set) var starts: [Int] = []
    /// The buffer's length.
    let count: Int
    /// Whether the last line ends with a newline.
    let lastLineTerminated: Bool
    /// Where the next line starts: `count` or more once every line has been found.
    private var scanned = 0

    /// Finds every line of `buffer`.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.init(unscanned: buffer)
        while nextLine(in: buffer) != nil {}
    }

    /// An index of `buffer` with no line found yet: ``nextLine(in:)`` finds them.
    init(unscanned buffer: UnsafeBufferPointer<UInt8>) {
        count = buffer.count
        lastLineTerminated = count == 0 || buffer[count - 1] == 0x0A
        starts.reserveCapacity(count / 256 + 1)
    }

    /// Finds the line after the last one found, in `buffer` (the one the index was made for),
    /// records where it starts and returns its byte range without its `\n` — the range
    /// ``range(of:)`` gives it —, or `nil` when every line has been found.
    mutating func nextLine(in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard scanned < count, buffer.count == count else { return nil }
        let start = scanned
        starts.append(start)
        let end = buffer.newline(from: start) ?? count
        scanned = end + 1
        return start..<end
    }

    /// Where the next line starts: ``count`` or more once every line has been found.
    var nextStart: Int { scanned }

    /// Records lines found by someone else: `found` are where the next lines start, the
    /// first at ``nextStart``, and the line after them starts at `next`.
    mutating func append(_ found: UnsafeBufferPointer<Int>, resumingAt next: Int) {
        precondition(found.first.map { $0 == scanned } ?? true && next >= scanned)
        starts.append(contentsOf: found)
        scanned = next
    }

    /// Whether every line has been found and the last one found is the buffer's last.
    var isComplete: Bool { scanned >= count }

    /// The number of lines found.
    var lineCount: Int { starts.count }

    /// The byte range of line `index`, without its `\n` (a `\r` before it stays: readers skip
    /// it as white space).
    func range(of index: Int) -> Range<Int> {
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : count
        if end > start, index + 1 == starts.count, lastLineTerminated { end -= 1 }
        return start..<end
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first `\n` from `offset` on, found with `memchr`; `nil` when there
    /// is none.
    @inline(__always)
    func newline(from offset: Int) -> Int? {
        // Safe: `memchr` reads `count - offset` bytes from `offset`, inside the buffer.
        guard offset >= 0, offset < count, let base = baseAddress,
            let found = memchr(base + offset, 0x0A, count - offset)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
