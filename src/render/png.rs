//! PNG: the SVG drawn by resvg, a pure-Rust rasteriser, at 192 pixels an
//! inch (twice the SVG's 96, sharp enough to print). Text uses the
//! system's fonts; on a machine with none, pieces are still drawn, without
//! their letters.

use super::RenderError;
use crate::layout::Layout;
use resvg::{tiny_skia, usvg};

/// Pixels per SVG unit.
const SCALE: f32 = 2.0;

pub fn png(layout: &Layout) -> Result<Vec<u8>, RenderError> {
    let mut opt = usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&super::svg(layout), &opt)
        .map_err(|e| RenderError::Picture(e.to_string()))?;
    let size = tree.size().to_int_size();
    let width = (size.width() as f32 * SCALE) as u32;
    let height = (size.height() as f32 * SCALE) as u32;
    if width == 0 || height == 0 {
        return Err(RenderError::Picture("it has no size".into()));
    }
    let rgb = raster(&tree, width, height, SCALE)?;
    encode(&rgb, width, height).map_err(|e| RenderError::Picture(e.to_string()))
}

/// Pixels per SVG unit in an animation: half a still picture's, as a
/// game of a hundred moves is a hundred pictures.
const FRAME_SCALE: f32 = 1.0;
/// How long each position shows, in hundredths of a second.
const FRAME_DELAY: u16 = 100;

/// An animated PNG (APNG), one frame a layout in turn, every frame on a
/// canvas the size of the largest (the rest filled with the table's
/// colour). Viewers that know no animation show the first.
pub fn animation(layouts: &[Layout]) -> Result<Vec<u8>, RenderError> {
    let picture = |e: String| RenderError::Picture(e);
    let mut opt = usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let trees = layouts
        .iter()
        .map(|l| usvg::Tree::from_str(&super::svg(l), &opt).map_err(|e| picture(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let sizes: Vec<(u32, u32)> = trees
        .iter()
        .map(|t| {
            let s = t.size().to_int_size();
            (
                (s.width() as f32 * FRAME_SCALE) as u32,
                (s.height() as f32 * FRAME_SCALE) as u32,
            )
        })
        .collect();
    let width = sizes.iter().map(|s| s.0).max().unwrap_or(0);
    let height = sizes.iter().map(|s| s.1).max().unwrap_or(0);
    if width == 0 || height == 0 {
        return Err(picture("it has no size".into()));
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Balanced);
    enc.set_filter(png::Filter::Up);
    enc.set_animated(trees.len() as u32, 0)
        .map_err(|e| picture(e.to_string()))?;
    enc.set_frame_delay(FRAME_DELAY, 100)
        .map_err(|e| picture(e.to_string()))?;
    let mut writer = enc.write_header().map_err(|e| picture(e.to_string()))?;
    for (tree, &(w, h)) in trees.iter().zip(&sizes) {
        let rgb = raster(tree, w, h, FRAME_SCALE)?;
        // The table's colour (the picture's corner) fills the canvas.
        let fill = [rgb[0], rgb[1], rgb[2]];
        // A row of it, to pad each frame's rows out to the canvas (whole
        // rows copied, not pixel by pixel).
        let fill_row: Vec<u8> = fill.repeat(width as usize);
        let (row, frame_row) = (width as usize * 3, w as usize * 3);
        let mut canvas = Vec::with_capacity(row * height as usize);
        for y in 0..height as usize {
            if y < h as usize {
                canvas.extend_from_slice(&rgb[y * frame_row..(y + 1) * frame_row]);
                canvas.extend_from_slice(&fill_row[frame_row..]);
            } else {
                canvas.extend_from_slice(&fill_row);
            }
        }
        writer
            .write_image_data(&canvas)
            .map_err(|e| picture(e.to_string()))?;
    }
    writer.finish().map_err(|e| picture(e.to_string()))?;
    Ok(out)
}

/// The picture as RGB rows. Rasterising is most of a PNG's cost, so the
/// picture is cut into horizontal bands drawn side by side, one per core:
/// each band is the whole tree drawn through a window. Anti-aliased edges
/// that cross a seam may differ by a shade from a single drawing; nothing
/// a reader can see.
fn raster(tree: &usvg::Tree, width: u32, height: u32, scale: f32) -> Result<Vec<u8>, RenderError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bands = cores.clamp(1, 8) as u32;
    let band_height = height.div_ceil(bands);
    let draw = |top: u32| -> Option<Vec<u8>> {
        let rows = band_height.min(height - top);
        let mut pixmap = tiny_skia::Pixmap::new(width, rows)?;
        let place =
            tiny_skia::Transform::from_scale(scale, scale).post_translate(0.0, -(top as f32));
        resvg::render(tree, place, &mut pixmap.as_mut());
        // The table behind the pieces is opaque, so premultiplied
        // pixels are already the plain colours. (A plain loop: the tests'
        // unoptimised build spent seconds a picture in an iterator chain
        // here.)
        let rgba = pixmap.data();
        let mut rgb = Vec::with_capacity(rgba.len() / 4 * 3);
        for pixel in rgba.chunks_exact(4) {
            rgb.extend_from_slice(&pixel[..3]);
        }
        Some(rgb)
    };
    let tops: Vec<u32> = (0..height).step_by(band_height as usize).collect();
    let parts: Vec<Option<Vec<u8>>> = std::thread::scope(|s| {
        let handles: Vec<_> = tops[1..]
            .iter()
            .map(|&top| s.spawn(move || draw(top)))
            .collect();
        let mut parts = vec![draw(0)];
        parts.extend(handles.into_iter().map(|h| h.join().ok().flatten()));
        parts
    });
    let mut rgb = Vec::with_capacity(width as usize * height as usize * 3);
    for part in parts {
        rgb.extend(part.ok_or_else(|| RenderError::Picture("it is too large to draw".into()))?);
    }
    Ok(rgb)
}

/// PNG bytes of an opaque picture: RGB (no alpha to store) with fast
/// compression, several times quicker than tiny-skia's general encoder
/// at nearly the same size.
fn encode(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    // Flat colours: one fixed filter compresses as well as trying all.
    enc.set_filter(png::Filter::Up);
    let mut writer = enc.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(out)
}
