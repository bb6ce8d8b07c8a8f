//! PNG: the SVG drawn by resvg, a pure-Rust rasteriser, at 96 pixels an
//! inch. Text uses the system's fonts; on a machine with none, pieces are
//! still drawn, without their letters.

use crate::layout::Layout;
use resvg::{tiny_skia, usvg};

pub fn png(layout: &Layout) -> Result<Vec<u8>, String> {
    let mut opt = usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&super::svg(layout), &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let scale = 2.0;
    let mut pixmap = tiny_skia::Pixmap::new(
        (size.width() as f32 * scale) as u32,
        (size.height() as f32 * scale) as u32,
    )
    .ok_or("the picture has no size")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap).map_err(|e| e.to_string())
}

/// PNG bytes of an opaque picture: RGB (no alpha to store) with fast
/// compression, several times quicker than tiny-skia's general encoder
/// at nearly the same size. The table behind the pieces is opaque, so
/// premultiplied pixels are already the plain colours.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    // Flat colours: one fixed filter compresses as well as trying all.
    enc.set_filter(png::Filter::Up);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}
